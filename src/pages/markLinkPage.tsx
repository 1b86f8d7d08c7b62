/**
 * The pages behind the "Mark as contacted" link of an alert e-mail: a page with one button (its POST does the
 * marking, so a mail scanner that opens links changes nothing), the confirmation, and the refusal of a wrong,
 * altered, expired or used link. A lead the owner marked already (contacted, won, lost) gets a page that says
 * so, without the button. For the owner only: never indexed, no scripts. The look of the lead result page.
 */
import type { Profile } from '../content/content';
import type { Assets } from './assets';
import type { ToastMessage } from './form/messages';
import { createOutcomePage } from './leadResultPage';

export type MarkLinkView =
  | { kind: 'confirm'; leadId: number; received: string; action: string; fields: Record<string, string> }
  | { kind: 'done'; leadId: number }
  /** The lead is no longer new: the link changes nothing (status: contacted, won or lost). */
  | { kind: 'already'; leadId: number; status: string }
  | { kind: 'refused'; message: string };

export const REFUSALS = {
  invalid:
    'This link is not valid: it may have been copied incompletely or changed. Nothing was changed. Use the link in the alert e-mail, or mark the lead on the server with npm run leads -- mark.',
  expired:
    'This link has expired (links work for 30 days after the lead arrived). Nothing was changed. Mark the lead on the server with npm run leads -- mark.',
  used: 'This link has been used already. Nothing was changed this time.',
  gone: 'This lead no longer exists (it was erased or deleted after its retention time). Nothing was changed.',
} as const;

export function createMarkLinkPage(profile: Profile, assets: Assets): (view: MarkLinkView) => string {
  const outcomePage = createOutcomePage(profile, assets);
  return (view) => {
    const [title, description, variant]: [string, string, ToastMessage['variant']] =
      view.kind === 'confirm'
        ? [
            `Mark lead #${view.leadId} as contacted?`,
            `The lead arrived ${view.received}. Press the button once you have answered it.`,
            'success',
          ]
        : view.kind === 'done'
          ? [
              `Lead #${view.leadId} is marked as contacted`,
              'No reminder will be sent for it. Thank you for answering in time.',
              'success',
            ]
          : view.kind === 'already'
            ? [
                `Lead #${view.leadId} is already marked ${view.status}`,
                `This lead is already marked ${view.status}. Nothing was changed. To change its status, use npm run leads -- mark.`,
                'success',
              ]
            : ['This link cannot be used', view.message, 'destructive'];
    return outcomePage(
      { title, description, variant },
      view.kind === 'confirm' && (
        <form method="post" action={view.action}>
          {Object.entries(view.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button-primary button-block">
            Mark as contacted
          </button>
        </form>
      ),
      title,
    );
  };
}
