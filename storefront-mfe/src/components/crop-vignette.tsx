import { Carnation, Daisy, Eucalyptus, Leaf, Rose, ROSE_BLUSH, ROSE_RED } from './botanicals';

export type Crop = 'roses' | 'carnations' | 'gerberas' | 'chrysanthemums' | 'greens';

/** A round vignette of one of the crops we grow. */
export function CropVignette({ crop }: { crop: Crop }) {
  return (
    <svg className="vignette" viewBox="0 0 200 200" width="200" height="200" aria-hidden="true" focusable="false">
      <circle cx="100" cy="100" r="96" fill={crop === 'greens' ? '#e3f1e8' : '#fbe4ea'} />
      {crop === 'roses' && (
        <>
          <Leaf x={100} y={110} length={80} angle={150} />
          <Leaf x={100} y={110} length={80} angle={30} fill="#3f8f69" />
          <Rose x={74} y={92} size={40} palette={ROSE_BLUSH} turn={20} />
          <Rose x={118} y={108} size={52} palette={ROSE_RED} />
        </>
      )}
      {crop === 'carnations' && (
        <>
          <Leaf x={100} y={120} length={70} angle={160} />
          <Carnation x={78} y={90} size={38} fill="#f6c3cf" edge="#c0244f" />
          <Carnation x={124} y={112} size={44} fill="#fffdf9" edge="#c0244f" />
        </>
      )}
      {crop === 'gerberas' && (
        <>
          <Daisy x={80} y={88} size={46} petals="#f29a3d" disc="#6b3a12" count={18} />
          <Daisy x={128} y={120} size={40} petals="#e8506f" disc="#5c0d22" count={18} />
        </>
      )}
      {crop === 'chrysanthemums' && (
        <>
          <Daisy x={100} y={100} size={62} petals="#f3d36b" disc="#b7832f" count={36} slim />
          <Daisy x={100} y={100} size={38} petals="#f7e29a" disc="#b7832f" count={28} slim />
        </>
      )}
      {crop === 'greens' && (
        <>
          <Eucalyptus x={80} y={170} size={120} angle={-12} />
          <Leaf x={110} y={160} length={90} angle={-70} fill="#1f5a41" />
          <Leaf x={120} y={150} length={70} angle={-30} fill="#2f7d5b" />
          <Leaf x={100} y={150} length={60} angle={-115} fill="#3f8f69" />
        </>
      )}
    </svg>
  );
}
