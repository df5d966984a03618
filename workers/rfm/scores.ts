/** The scoring functions live in domain/rfmScores.ts (the server scores report sections with them too). */
export * from "../../domain/rfmScores";
