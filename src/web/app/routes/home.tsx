import { HOME_GALLERY_LIMIT } from '@/contract/catalog-constants';
import { AwardGallery } from '@/web/features/awards/components/award-gallery';
import { HomePage } from '@/web/features/home/components/home-page';

/** / — the home page, ending with the first awards of the gallery. */
export default function HomeRoute() {
  return <HomePage gallery={<AwardGallery limit={HOME_GALLERY_LIMIT} groupHeadingLevel={3} />} />;
}
