import { useLingui } from '@lingui/react/macro';
import { COMPANY_FIGURES, CROPS, PROCESS_STEPS } from './company';
import { CropVignette } from './crop-vignette';
import './company-lists.css';

/** The spec's marketing figures (45+ countries, 120+ varieties, …), shared by the home page, /about and /export. */
export function CompanyFigures() {
  const { i18n } = useLingui();
  return (
    <ul className="container figures">
      {COMPANY_FIGURES.map((figure) => (
        <li key={figure.value} className="figure">
          <span className="figure__value">{figure.value}</span>
          <span className="figure__label">{i18n._(figure.label)}</span>
        </li>
      ))}
    </ul>
  );
}

export function CropList() {
  const { i18n } = useLingui();
  return (
    <ul className="crops">
      {CROPS.map((crop) => (
        <li key={crop.crop} className="crop">
          <CropVignette crop={crop.crop} />
          <h3>{i18n._(crop.name)}</h3>
          <p>{i18n._(crop.text)}</p>
        </li>
      ))}
    </ul>
  );
}

export function ProcessSteps() {
  const { i18n } = useLingui();
  return (
    <ol className="steps">
      {PROCESS_STEPS.map((step) => (
        <li key={step.step} className="step">
          <h3>{i18n._(step.title)}</h3>
          <p>{i18n._(step.text)}</p>
        </li>
      ))}
    </ol>
  );
}
