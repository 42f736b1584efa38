import { CircleAlert, Info } from 'lucide-react';

interface StatusBlockProps {
  /** `empty`: nothing to show yet; `disconnected`: it could not be loaded; `default`: a step to take first. */
  kind: 'empty' | 'disconnected' | 'default';
  title: string;
  description?: string;
}

/**
 * The empty, failed and "do this first" states of a screen (UX "Visual language": every list has them). A kit
 * icon and two lines of text: the kit's ErrorBlock carried four illustrations (10 KiB) for the same message.
 */
export function StatusBlock({ kind, title, description }: StatusBlockProps) {
  const Icon = kind === 'disconnected' ? CircleAlert : Info;
  return (
    <div className={`status-block status-block--${kind}`}>
      <Icon className="status-block__icon" aria-hidden="true" />
      <h2 className="status-block__title">{title}</h2>
      {description && <p className="status-block__body">{description}</p>}
    </div>
  );
}
