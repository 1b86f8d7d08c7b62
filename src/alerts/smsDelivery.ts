/**
 * What a delivery receipt of Twilio means for the owner. "Sent" only says Twilio accepted the SMS; the carrier may
 * still drop it (30034: a US number not registered for A2P 10DLC). The codes named here are the ones a self-hosted
 * alert sees most; any other is shown by its number.
 */

/** Where Twilio posts an SMS's delivery status, under PUBLIC_URL. */
export const SMS_STATUS_PATH = '/functions/v1/sms-status';

/** The final states of an SMS, as Twilio's MessageStatus names them. */
export const FINAL_SMS_STATES = ['delivered', 'undelivered', 'failed'] as const;
export type FinalSmsState = (typeof FINAL_SMS_STATES)[number];

const MEANINGS: Record<string, string> = {
  '30003': 'the phone was unreachable (off or out of coverage)',
  '30004': 'the message was blocked by the phone or the carrier',
  '30005': 'the number is unknown or no longer exists',
  '30006': 'the number is a landline or its carrier cannot take SMS',
  '30007': 'the carrier filtered it as spam',
  '30008': 'the carrier gave no reason',
  '30034': 'the sending US number is not registered for A2P 10DLC, so carriers drop its messages',
};

/** "The SMS about this lead was not delivered (error 30034): ...": the first line of the fallback alert. */
export function smsFailureText(delivery: { status: string; errorCode: string | null } | undefined): string {
  const code = delivery?.errorCode ?? null;
  const meaning = code ? MEANINGS[code] : undefined;
  const error = code ? `error ${code}` : `Twilio says ${delivery?.status ?? 'undelivered'}`;
  return (
    `The SMS about this lead was not delivered (${error})${meaning ? `: ${meaning}` : ''}. ` +
    'Here it is again; check the SMS settings with "npm run leads -- test-alerts".'
  );
}
