/** The provider id every error of this package carries. */
export const PROVIDER = "anthropic";
