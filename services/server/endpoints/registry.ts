import { EndpointRegistry } from '@/services/server/gateway/endpoint';
import { accountEndpoints } from '@/services/server/endpoints/accounts';
import { adminEndpoints } from '@/services/server/endpoints/admin';
import { adminContentEndpoints } from '@/services/server/endpoints/admin-content';
import { redeemEndpoints } from '@/services/server/endpoints/redeem';
import { authEndpoints } from '@/services/server/endpoints/auth';
import { badgeEndpoints } from '@/services/server/endpoints/badges';
import { devEndpoints } from '@/services/server/endpoints/dev';
import { contestEndpoints } from '@/services/server/endpoints/contests';
import { examEndpoints } from '@/services/server/endpoints/exams';
import { economyEndpoints } from '@/services/server/endpoints/economy';
import { leaderboardEndpoints } from '@/services/server/endpoints/leaderboards';
import { notificationEndpoints } from '@/services/server/endpoints/notifications';
import { playEndpoints } from '@/services/server/endpoints/play';
import { playLibraryEndpoints } from '@/services/server/endpoints/play-library';
import { profileEndpoints } from '@/services/server/endpoints/profile';
import { quizZoneEndpoints } from '@/services/server/endpoints/quiz-zone';
import { roomEndpoints } from '@/services/server/endpoints/rooms';
import { liveEndpoints } from '@/services/server/endpoints/live';
import { assignmentEndpoints } from '@/services/server/endpoints/assignments';
import { settingsEndpoints } from '@/services/server/endpoints/settings';
import { webVitalEndpoints } from '@/services/server/endpoints/web-vitals';

/** Every endpoint group of the API. A new group is added here and nowhere else. */
export function createRegistry(): EndpointRegistry {
  return new EndpointRegistry([
    settingsEndpoints,
    authEndpoints,
    accountEndpoints,
    profileEndpoints,
    economyEndpoints,
    notificationEndpoints,
    quizZoneEndpoints,
    playEndpoints,
    playLibraryEndpoints,
    badgeEndpoints,
    leaderboardEndpoints,
    roomEndpoints,
    liveEndpoints,
    assignmentEndpoints,
    examEndpoints,
    contestEndpoints,
    devEndpoints,
    redeemEndpoints,
    adminEndpoints,
    webVitalEndpoints,
    adminContentEndpoints,
  ]);
}
