/** The start page (spec §9): where sign-in leads without a saved path, and where "home" links go. */
export const START_PAGE = "/brandEx";
