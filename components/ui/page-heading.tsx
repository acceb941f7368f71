export interface PageHeadingProps {
  title: string;
  description?: string;
}

export function PageHeading({ title, description }: PageHeadingProps) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{title}</h1>
      {description ? <p className="text-fg-muted">{description}</p> : null}
    </div>
  );
}
