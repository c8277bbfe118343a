/**
 * A URL cut in the middle when it does not fit: its start gives way to an ellipsis and its path's
 * end — the distinct page, where URLs of one site differ — stays in view; the full text is the title.
 */
export function MiddleCut({ text, className, keep = 40 }: { text: string; className?: string; /** The longest tail kept whole, in characters: a narrow column keeps less. */ keep?: number }) {
  const slash = text.indexOf('/', text.indexOf('//') + 2);
  const path = slash > 0 ? text.slice(slash) : text;
  // A short path stays whole; a longer one keeps its last segment, or its last `keep` characters.
  const segment = path.replace(/\/$/, '').lastIndexOf('/');
  const last = segment > 0 ? path.slice(segment) : path;
  const tail = path.length <= keep ? path : last.length <= keep ? last : text.slice(-keep);
  const head = text.slice(0, text.length - tail.length);
  return (
    <span className={`middle-cut${className ? ` ${className}` : ''}`} title={text}>
      {head && <span className="middle-cut-head">{head}</span>}
      <span className="middle-cut-tail"><bdi>{tail}</bdi></span>
    </span>
  );
}
