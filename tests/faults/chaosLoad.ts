/**
 * The visitors of a chaos run: page viewers and lead submitters looping
 * against a server that is being killed and restarted underneath them. Each
 * submission's fate is recorded from the visitor's side (answered success,
 * refused, or cut off with no answer) so the test can later hold the database
 * and the alert fakes to exactly what visitors were told. Every loop stops when
 * told to (the chaos run decides) and after a maximum count.
 */
import { request } from 'node:http';
import { postLead } from '../support/leadClient';

export interface Submission {
  email: string;
  lead: { name: string; company: string; email: string };
  /** 'accepted': 200 success; 'refused': an HTTP error answer; 'cut': connection refused or reset, outcome unknown. */
  outcome: 'accepted' | 'refused' | 'cut';
  status: number;
  at: number;
}

export interface LoadFigures {
  pageViews: number;
  pageOk: number;
  pageCut: number;
  pageBad: string[];
  submissions: Submission[];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function getPage(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

export async function viewPages(
  baseUrl: string,
  paths: string[],
  running: () => boolean,
  maxCount: number,
  figures: LoadFigures,
): Promise<void> {
  for (let i = 0; i < maxCount && running(); i += 1) {
    const path = paths[i % paths.length] as string;
    const status = await getPage(`${baseUrl}${path}`);
    figures.pageViews += 1;
    if (status === 200) figures.pageOk += 1;
    else if (status === 0) {
      figures.pageCut += 1;
      await pause(50); // the server is restarting
    } else figures.pageBad.push(`${status} ${path}`);
  }
}

export async function submitLeads(
  baseUrl: string,
  worker: number,
  running: () => boolean,
  maxCount: number,
  figures: LoadFigures,
): Promise<void> {
  for (let i = 0; i < maxCount && running(); i += 1) {
    const email = `chaos-${worker}-${i}@example.com`;
    const lead = { name: `Chaos Visitor ${worker}-${i}`, company: `Company ${worker}`, email };
    try {
      const res = await postLead(baseUrl, lead);
      const accepted = res.status === 200 && res.json?.success === true;
      figures.submissions.push({
        email,
        lead,
        outcome: accepted ? 'accepted' : 'refused',
        status: res.status,
        at: Date.now(),
      });
    } catch {
      figures.submissions.push({ email, lead, outcome: 'cut', status: 0, at: Date.now() });
      await pause(50);
    }
  }
}
