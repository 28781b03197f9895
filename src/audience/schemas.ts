import { Type } from 'typebox';
import { PRIVACY_FLOOR } from './audience-size-answer.ts';

export const AudienceSizeBody = Type.Object(
  {
    // Checked by the filters module, as an opportunity's filters are, whose messages say what
    // each element should look like.
    filters: Type.Array(
      Type.Unknown({ description: 'A filter object (docs/api/audience-filters.md)' }),
      {
        description:
          "The opportunity filter format: elements are ANDed, and validated as an opportunity's are",
        examples: [
          [
            { 'multi_select--country': { $in: ['US'] } },
            { 'integer--age': { $gte: 25, $lte: 54 } },
          ],
        ],
      },
    ),
  },
  { additionalProperties: false },
);

export const AudienceSizeResponse = Type.Object(
  {
    count: Type.Union([Type.Integer({ minimum: PRIVACY_FLOOR }), Type.Null()], {
      description: `Active participants matching the filters now; null when fewer than ${PRIVACY_FLOOR} do`,
    }),
    fewer_than: Type.Optional(
      Type.Literal(PRIVACY_FLOOR, {
        description: `Present (always ${PRIVACY_FLOOR}) exactly when count is null: the privacy floor`,
      }),
    ),
  },
  { examples: [{ count: 17578 }, { count: null, fewer_than: PRIVACY_FLOOR }] },
);
