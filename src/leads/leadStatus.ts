/** Where the owner stands with a lead: 'new' until he marks it contacted, won or lost (leadMarking.ts). */
export type LeadStatus = 'new' | 'contacted' | 'won' | 'lost';
export const LEAD_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'won', 'lost'];
