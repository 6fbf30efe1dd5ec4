import type { Clock } from '../ports/clock';
import type { AccessPolicy } from '../ports/content-access';
import type { CreatorRepository } from '../ports/content-creators';
import type { MediaAssetRepository } from '../ports/content-media';
import type { ProgressRepository } from '../ports/content-progress';
import type { ContentRepository } from '../ports/content-repository';

export interface ContentDeps {
  clock: Clock;
  content: ContentRepository;
  creators: CreatorRepository;
  media: MediaAssetRepository;
  progress: ProgressRepository;
  access: AccessPolicy;
}
