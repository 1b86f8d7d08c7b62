/** The one-page site: hero, services, about, publications, video, contact, footer, in that order. */
import type { Profile } from '../content/content';
import type { PageText } from '../content/language';
import type { ImageSets } from '../contract/images';
import { pagePath, type SiteLanguage } from '../contract/languages';
import { About } from './sections/About';
import { Contact } from './sections/Contact';
import { Hero } from './sections/Hero';
import { Publications } from './sections/Publications';
import { Services } from './sections/Services';
import { SiteFooter } from './sections/SiteFooter';
import { type LanguageLink, SiteHeader } from './sections/SiteHeader';
import { Video } from './sections/Video';

export interface HomePageProps {
  text: PageText;
  /** The language `text` is in (default English), and the switcher's links when there are other languages. */
  language?: SiteLanguage;
  languages?: LanguageLink[];
  profile: Profile;
  proofWorkerUrl?: string;
  /** The line under the form on what happens to the details. */
  privacyNote: string;
  /** The uploaded images the text names (the photo, the thumbnail), by id. */
  images?: ImageSets;
}

export function HomePage({
  text,
  language = 'en',
  languages,
  profile,
  proofWorkerUrl,
  privacyNote,
  images = {},
}: HomePageProps) {
  const photo = text.hero.photo ? images[text.hero.photo.id] : undefined;
  const thumbnail = text.video.thumbnail ? images[text.video.thumbnail] : undefined;
  return (
    <>
      <SiteHeader ownerName={profile.name} homeHref={pagePath(language)} languages={languages} />
      <main id="main">
        <Hero hero={text.hero} ownerName={profile.name} linkedinUrl={profile.linkedinUrl} photo={photo} />
        <Services section={text.servicesSection} services={text.services} />
        <About
          about={text.about}
          conferences={text.conferences}
          recognitions={text.recognitions}
          ownerName={profile.name}
        />
        <Publications section={text.publicationsSection} publications={text.publications} />
        <Video
          video={text.video}
          videoUrl={profile.videoUrl}
          thumbnailUrl={profile.videoThumbnailUrl}
          thumbnail={thumbnail}
        />
        <Contact
          contact={text.contact}
          language={language}
          profile={profile}
          proofWorkerUrl={proofWorkerUrl}
          privacyNote={privacyNote}
        />
      </main>
      <SiteFooter footer={text.footer} ownerName={profile.name} />
    </>
  );
}
