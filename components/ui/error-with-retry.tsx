import { Button } from '@/components/ui/button';

export interface ErrorWithRetryProps {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** What went wrong, and a way to try again. */
export function ErrorWithRetry({ title, message, retryLabel, onRetry }: ErrorWithRetryProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-danger bg-danger-soft px-4 py-8 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="capitalise-first max-w-prose">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
