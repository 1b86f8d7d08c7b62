/**
 * The 'Get Free Setup Call' form. It is a plain HTML form that posts to the
 * lead endpoint, so it works before (or without) any JavaScript.
 */
export const LEAD_ENDPOINT = '/functions/v1/process-lead-notification';

export interface LeadFormProps {
  emailPlaceholder: string;
}

export function LeadForm({ emailPlaceholder }: LeadFormProps) {
  return (
    <form className="lead-form" method="post" action={LEAD_ENDPOINT}>
      <div className="field">
        <label htmlFor="lead-name">Name *</label>
        <input id="lead-name" name="name" type="text" required autoComplete="name" placeholder="Your full name" />
      </div>
      <div className="field">
        <label htmlFor="lead-company">Company *</label>
        <input
          id="lead-company"
          name="company"
          type="text"
          required
          autoComplete="organization"
          placeholder="Your company name"
        />
      </div>
      <div className="field">
        <label htmlFor="lead-email">Email *</label>
        <input id="lead-email" name="email" type="email" required autoComplete="email" placeholder={emailPlaceholder} />
      </div>
      <button type="submit" className="button button-primary button-block">
        Schedule Free Call
      </button>
    </form>
  );
}
