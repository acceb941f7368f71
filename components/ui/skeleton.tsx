export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`rounded-control bg-surface-muted motion-safe:animate-pulse ${className}`} />;
}

export interface SkeletonTextProps {
  /** Read to screen readers while the placeholder shows. */
  label: string;
  lines?: number;
}

/** A loading placeholder for a block of text. */
export function SkeletonText({ label, lines = 4 }: SkeletonTextProps) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={`h-4 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  );
}
