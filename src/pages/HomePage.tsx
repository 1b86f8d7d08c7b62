/** The one-page site, sections in the order the specification gives. */
import type { OwnerDetails } from '../content';
import { About } from './sections/About';
import { Contact } from './sections/Contact';
import { Hero } from './sections/Hero';
import { Publications } from './sections/Publications';
import { Services } from './sections/Services';
import { SiteFooter } from './sections/SiteFooter';
import { SiteHeader } from './sections/SiteHeader';
import { Video } from './sections/Video';

export function HomePage({ owner }: { owner: OwnerDetails }) {
  return (
    <>
      <SiteHeader ownerName={owner.name} />
      <main id="main">
        <Hero ownerName={owner.name} linkedinUrl={owner.linkedinUrl} />
        <Services />
        <About ownerName={owner.name} />
        <Publications />
        <Video videoUrl={owner.videoUrl} thumbnailUrl={owner.videoThumbnailUrl} />
        <Contact owner={owner} />
      </main>
      <SiteFooter ownerName={owner.name} />
    </>
  );
}
