import { COMPANY_FIGURES, CROPS, PROCESS_STEPS } from './company';
import { CropVignette } from './crop-vignette';
import './company-lists.css';

/** The spec's marketing figures (45+ countries, 120+ varieties, …), shared by the home page, /about and /export. */
export function CompanyFigures() {
  return (
    <ul className="container figures">
      {COMPANY_FIGURES.map((figure) => (
        <li key={figure.value} className="figure">
          <span className="figure__value">{figure.value}</span>
          <span className="figure__label">{figure.label}</span>
        </li>
      ))}
    </ul>
  );
}

export function CropList() {
  return (
    <ul className="crops">
      {CROPS.map((crop) => (
        <li key={crop.crop} className="crop">
          <CropVignette crop={crop.crop} />
          <h3>{crop.name}</h3>
          <p>{crop.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function ProcessSteps() {
  return (
    <ol className="steps">
      {PROCESS_STEPS.map((step) => (
        <li key={step.title} className="step">
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
