/** What the /ma page reads from its statecharts (the figures and the posts table). */
import type { SocialPosts } from "../../domain/social";
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { MaData, MaSnapshot } from "./maMachine";
import type { MaPostsSnapshot } from "./maPostsMachine";

export const selectPhase = (s: MaSnapshot): PagePhase<MaData> => selectPagePhase<MaData>(s);
export const samePhase = samePagePhase<MaData>;
export const selectPostsPhase = (s: MaPostsSnapshot): PagePhase<SocialPosts> => selectPagePhase<SocialPosts>(s);
export const samePostsPhase = samePagePhase<SocialPosts>;
