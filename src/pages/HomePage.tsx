/** The one-page site: hero, services, about, publications, video, contact, footer, in that order. */
import type { Profile } from '../content/content';
import { About } from './sections/About';
import { Contact } from './sections/Contact';
import { Hero } from './sections/Hero';
import { Publications } from './sections/Publications';
import { Services } from './sections/Services';
import { SiteFooter } from './sections/SiteFooter';
import { SiteHeader } from './sections/SiteHeader';
import { Video } from './sections/Video';

export interface HomePageProps {
  profile: Profile;
  proofWorkerUrl?: string;
  /** The line under the form on what happens to the details. */
  privacyNote: string;
}

export function HomePage({ profile, proofWorkerUrl, privacyNote }: HomePageProps) {
  return (
    <>
      <SiteHeader ownerName={profile.name} />
      <main id="main">
        <Hero ownerName={profile.name} linkedinUrl={profile.linkedinUrl} />
        <Services />
        <About ownerName={profile.name} />
        <Publications />
        <Video videoUrl={profile.videoUrl} thumbnailUrl={profile.videoThumbnailUrl} />
        <Contact profile={profile} proofWorkerUrl={proofWorkerUrl} privacyNote={privacyNote} />
      </main>
      <SiteFooter ownerName={profile.name} />
    </>
  );
}
