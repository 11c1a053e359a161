// The demo lender panel: seed data for the built-in quote provider, used by the seed and by tests.
import { residualGrid, type Lender } from '../../domain/finance/rate-table'

const harbourDistances = [4000, 6000, 10000]
const castlegateDistances = [3000, 5000, 8000]

/**
 * A demonstration panel for the built-in quote provider until staff keep the real one in the CMS. The lenders
 * are invented; APRs (9.9% to 14.9%), fees and RV percents are in the range UK motorcycle lenders publish.
 */
export const demoLenderPanel: readonly Lender[] = [
  {
    name: 'Harbourside Motor Finance',
    funderCode: 'HMF',
    products: ['HP', 'PCP'],
    aprBands: [
      { product: 'HP', condition: 'new', minAgeYears: 0, maxAgeYears: 0, minTermMonths: 12, maxTermMonths: 48, aprPercent: 9.9 },
      { product: 'HP', condition: 'new', minAgeYears: 0, maxAgeYears: 0, minTermMonths: 49, maxTermMonths: 60, aprPercent: 10.9 },
      { product: 'HP', condition: 'used', minAgeYears: 0, maxAgeYears: 3, minTermMonths: 12, maxTermMonths: 60, aprPercent: 11.9 },
      { product: 'HP', condition: 'used', minAgeYears: 4, maxAgeYears: 10, minTermMonths: 12, maxTermMonths: 60, aprPercent: 12.9 },
      { product: 'PCP', condition: 'new', minAgeYears: 0, maxAgeYears: 0, minTermMonths: 13, maxTermMonths: 49, aprPercent: 9.9 },
      { product: 'PCP', condition: 'used', minAgeYears: 0, maxAgeYears: 3, minTermMonths: 13, maxTermMonths: 49, aprPercent: 11.9 },
    ],
    minTermMonths: 12,
    maxTermMonths: 60,
    minDepositPercent: 10,
    maxAgeAtEndOfTermYears: 10,
    maxOdometerMiles: 40000,
    minAdvancePence: 150000,
    maxAdvancePence: 5000000,
    acceptanceFeePence: 0,
    optionToPurchaseFeePence: 1000,
    residualValues: [
      ...residualGrid(0, harbourDistances, [[25, [56, 53, 48]], [37, [47, 44, 39]], [49, [40, 37, 32]]]),
      ...residualGrid(1, harbourDistances, [[25, [50, 47, 42]], [37, [42, 39, 34]], [49, [36, 33, 28]]]),
      ...residualGrid(2, harbourDistances, [[25, [45, 42, 37]], [37, [38, 35, 30]]]),
      ...residualGrid(3, harbourDistances, [[25, [41, 38, 33]], [37, [34, 31, 26]]]),
    ],
  },
  {
    name: 'Pennine Bike Credit',
    funderCode: 'PBC',
    products: ['HP'],
    aprBands: [
      { product: 'HP', condition: 'new', minAgeYears: 0, maxAgeYears: 0, minTermMonths: 12, maxTermMonths: 72, aprPercent: 12.9 },
      { product: 'HP', condition: 'used', minAgeYears: 0, maxAgeYears: 12, minTermMonths: 12, maxTermMonths: 72, aprPercent: 14.9 },
    ],
    minTermMonths: 12,
    maxTermMonths: 72,
    minDepositPercent: 0,
    maxAgeAtEndOfTermYears: 12,
    maxOdometerMiles: 60000,
    minAdvancePence: 50000,
    maxAdvancePence: 2500000,
    acceptanceFeePence: 0,
    optionToPurchaseFeePence: 100,
    residualValues: [],
  },
  {
    name: 'Castlegate Finance',
    funderCode: 'CGF',
    products: ['HP', 'PCP'],
    aprBands: [
      { product: 'HP', condition: 'new', minAgeYears: 0, maxAgeYears: 0, minTermMonths: 24, maxTermMonths: 49, aprPercent: 11.9 },
      { product: 'HP', condition: 'used', minAgeYears: 0, maxAgeYears: 6, minTermMonths: 24, maxTermMonths: 49, aprPercent: 13.9 },
      { product: 'PCP', condition: 'any', minAgeYears: 0, maxAgeYears: 2, minTermMonths: 24, maxTermMonths: 49, aprPercent: 10.9 },
    ],
    minTermMonths: 24,
    maxTermMonths: 49,
    minDepositPercent: 15,
    maxAgeAtEndOfTermYears: 8,
    maxOdometerMiles: 25000,
    minAdvancePence: 300000,
    maxAdvancePence: 4000000,
    acceptanceFeePence: 9500,
    optionToPurchaseFeePence: 5000,
    residualValues: [
      ...residualGrid(0, castlegateDistances, [[25, [55, 52, 47]], [37, [46, 43, 38]], [49, [39, 36, 31]]]),
      ...residualGrid(1, castlegateDistances, [[25, [49, 46, 41]], [37, [41, 38, 33]], [49, [35, 32, 27]]]),
      ...residualGrid(2, castlegateDistances, [[25, [44, 41, 36]], [37, [37, 34, 29]]]),
    ],
  },
]
