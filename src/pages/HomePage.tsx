/** The one-page site: hero, services, about, publications, video, contact, footer, in that order. */
import type { OwnerDetails } from '../content/content';
import { About } from './sections/About';
import { Contact } from './sections/Contact';
import { Hero } from './sections/Hero';
import { Publications } from './sections/Publications';
import { Services } from './sections/Services';
import { SiteFooter } from './sections/SiteFooter';
import { SiteHeader } from './sections/SiteHeader';
import { Video } from './sections/Video';

export interface HomePageProps {
  owner: OwnerDetails;
  proofWorkerUrl?: string;
  /** The line under the form on what happens to the details. */
  privacyNote: string;
}

export function HomePage({ owner, proofWorkerUrl, privacyNote }: HomePageProps) {
  return (
    <>
      <SiteHeader ownerName={owner.name} />
      <main id="main">
        <Hero ownerName={owner.name} linkedinUrl={owner.linkedinUrl} />
        <Services />
        <About ownerName={owner.name} />
        <Publications />
        <Video videoUrl={owner.videoUrl} thumbnailUrl={owner.videoThumbnailUrl} />
        <Contact owner={owner} proofWorkerUrl={proofWorkerUrl} privacyNote={privacyNote} />
      </main>
      <SiteFooter ownerName={owner.name} />
    </>
  );
}
