/**
 * The schema a database has once every migration ran, as the tests expect it:
 * written once here, so a new migration changes one place, while the tests
 * of a new file and of an upgraded one both check it.
 */
export const SCHEMA_VERSION = 18;

export const LEADS_COLUMNS = [
  'id',
  'created_at',
  'name',
  'company',
  'email',
  'user_agent',
  'ip_hash',
  'dedupe_key',
  'verdict',
  'verdict_reasons',
  'status',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'email_key',
  'search_text',
  'language',
];

/** The indexes made by the migrations (SQLite's own for primary keys left out), by name. */
export const INDEXES = [
  'alerts_leased',
  'alerts_provider_message',
  'alerts_waiting',
  'booking_holds_booking',
  'bookings_upcoming',
  'image_files_image',
  'lead_marks_lead',
  'leads_dedupe',
  'leads_email_key',
  'leads_status',
  'leads_verdict',
  'leads_verdict_newest',
  'owner_sessions_passkey',
];
