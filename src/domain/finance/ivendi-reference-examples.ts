// iVendi's published example request and response (see /work/shared/reference/ivendi), typed so the compiler checks our shapes against them.
import type { IvendiQuoteRequest, IvendiQuoteResponse } from './ivendi-types'

export const ivendiExampleRequest: IvendiQuoteRequest = {
  "HtmlOptions": {
    "IncludeOptions": false,
    "AsHtml": false,
    "ImageUrl": "https://sampleimageforthecaronsale.png ",
    "ReturnUrl": null,
    "Make": null,
    "Model": null,
    "Derivative": null,
    "Channel": null,
    "RegDate": null,
    "DealerId": null,
    "VehicleMileage": null,
    "EncryptedVrm": null
  },
  "Credentials": {
    "Username": "www.ivendimotors.com",
    "Mode": 0
  },
  "DealershipEnrichment": {
    "IpAddress": "188.29.164.138",
    "Email": null,
    "Postcode": "BL40PJ",
    "SearchMeta": "{\"IsPaymentSearch\":\"True\",\"MinPrice\": \"-1\",\"MaxPrice\":\"-1\" ,\"MinPaymentMonthlyCost\":\"-1\",\"MaxPaymentMonthlyCost\":\"-1\"}",
    "UserAgent": null,
    "UserGenerated": true,
    "TraceRequest": false,
    "PersistRequestResponse": true
  },
  "QuoteRequests": [
    {
      "ProductRequestUID": null,
      "IsPlatformProductRequest": false,
      "QuoteeUID": "268E8202-338E-4B26-A6FE-74BCDAB0A357",
      "GlobalRequestSettings": null,
      "GlobalRequestParameters": {
        "Rate": 0,
        "RateType": "Default",
        "Commission": 0,
        "CommissionType": "Default",
        "ComputationPath": "Default",
        "Term": 54,
        "TermUnit": "Default",
        "PaymentRangeFrom": 0,
        "PaymentRangeTo": 0,
        "RegularPayment": 0
      },
      "Requests": [
        {
          "CreditTier": "",
          "Figures": {
            "CashPrice": 7000,
            "CashDeposit": 1000,
            "Asset": {
              "ManualResidualValue": 0,
              "ResidualValueYear": 0,
              "ResidualValueMonth": 0,
              "AnnualDistance": 10000,
              "PartExchange": 0,
              "OutstandingSettlement": 0,
              "VATIncluded": "None",
              "VATQualifying": "None",
              "Extras": null
            }
          },
          "Asset": {
            "CurrentOdometerReading": 1300,
            "RegistrationDate": "04/06/2017",
            "RegistrationMark": "CX17HHA",
            "Condition": "Default",
            "Source": "Default",
            "Identity": "CX17HHA",
            "IdentityType": "VRM",
            "StockIdentity": "39736298",
            "StockingDate": null,
            "StockLocation": null,
            "Class": "Car",
            "CubicCentimetres": 0,
            "EntityType": "None"
          },
          "RequestSettings": null,
          "RequestParameters": null
        }
      ]
    }
  ],
  "PlatformMeta": null
}

export const ivendiExampleResponse: IvendiQuoteResponse = {
  "hasQuoteResults": true,
  "QuotedResultsUID": "d3d0350d-8ad5-477b-9408-2523d1bb42bd",
  "QuoteResults": [
    {
      "hasResults": true,
      "ProductRequestUID": "f9e788bc-dbe2-4718-b6cc-ef63cc83a193",
      "QuotedResultUID": "a43f8b64-db2d-4388-b6bf-247e0a89c2c1",
      "QuoteeUID": "268e8202-338e-4b26-a6fe-74bcdab0a357",
      "QuoteRequest": null,
      "Results": [
        {
          "Asset": {
            "__type": "QuotewareV3.Core.ResultAssetMotorVehicle, QuotewareV3.Core",
            "Age": 48,
            "AgeIdentifier": "17",
            "AgeUnit": "Months",
            "Class": "Car",
            "Condition": "Used",
            "CurrentOdometerReading": 1300,
            "EntityType": "None",
            "Identity": "CX17HHA",
            "IdentityType": "VRM",
            "CapCodeOverridden": null,
            "RegistrationDate": "/Date(1490313600000)/",
            "RegistrationMark": "CX17HHA",
            "RequestedAnnualDistance": 10000,
            "RequestedDeposit": 1000,
            "RequestedTerm": 54,
            "RequestedTermUnit": "Default",
            "Source": "RegionCurrent",
            "StockIdentity": "39736298",
            "StockingDays": 0,
            "StockLocation": null,
            "TermDistance": 46300,
            "VrmEnabled": true
          },
          "hasProductGroup": true,
          "hasProductGroupWithinPaymentRange": "False",
          "ProductGroups": [
            {
              "FacilityType": "HP",
              "hasProductQuote": true,
              "hasProductQuoteWithinPaymentRange": "False",
              "ProductGroupUID": "cc1c74e1-e24d-4b76-0a11-011eb60d5c1a",
              "ProductQuotes": [
                {
                  "BaseCfcUrl": "https://carfinancechecker.com",
                  "Commissions": [
                    {
                      "Amount": 0,
                      "Method": "RRPDiscounting",
                      "Type": "None",
                      "Value": 0,
                      "VolumeBonus": 0
                    }
                  ],
                  "ExpiryDate": "/Date(1615939200000+0000)/",
                  "FacilitatorCode": "BLA",
                  "FacilityType": "HP",
                  "Figures": {
                    "AcceptanceFee": 0,
                    "AcceptanceFeeSpread": false,
                    "AdditionalDeposit": 0,
                    "Advance": 6000,
                    "AER": 9.85,
                    "APR": 9.9,
                    "Asset": {
                      "__type": "QuotewareV3.Core.ProductQuoteAssetMotorVehicle, QuotewareV3.Core",
                      "AdjustedDistance": false,
                      "AdjustedTerm": false,
                      "AnnualDistanceQuoted": 10000,
                      "ChargePerOverDistanceUnit": 0,
                      "Equity": 0,
                      "FinanceDepositAllowance": 0,
                      "FinanceDepositAllowances": null,
                      "NegativeEquity": 0,
                      "OutstandingSettlement": 0,
                      "OutstandingSource": null,
                      "PartExchange": 0,
                      "RVDataSet": null,
                      "RVDataSetMonth": 0,
                      "RVDataSetYear": 0,
                      "RVPercentageUsed": 0,
                      "ValueAddedProducts": null,
                      "VATQualifying": "None",
                      "ExcludeVatAsDeposit": "None"
                    },
                    "Balloon": 0,
                    "BalloonAtTerm": false,
                    "BaseRate": 9.9,
                    "CustomerRate": 9.9,
                    "EarlySettlements": null,
                    "FinalPayment": 136.92,
                    "FirstPayment": 136.92,
                    "FlatRate": 5.13,
                    "FullFees": null,
                    "InitialPause": 0,
                    "InterestCharges": 1383.68,
                    "InterestRate": 9.43,
                    "InterestRateRateType": "Yield",
                    "NumberOfRegularPayments": 52,
                    "OptionFeeSpread": false,
                    "OptionToPurchaseFee": 10,
                    "PaymentSchedules": [
                      {
                        "Amount": 136.92,
                        "Number": 54,
                        "Period": 1
                      }
                    ],
                    "ProductRateType": "APR",
                    "RegularPayment": 136.92,
                    "Repossession": 2797.89,
                    "Subsidy": 0,
                    "Term": 54,
                    "Termination": 4196.84,
                    "TermQuoted": 54,
                    "TermUnit": "Default",
                    "TotalCashPrice": 7000,
                    "TotalCharges": 1393.68,
                    "TotalDeposit": 1000,
                    "TotalPayable": 8393.68,
                    "ValueAddedTax": 0,
                    "ValueAddedTaxAsDeposit": false
                  },
                  "FunderCode": "BLA",
                  "FunderProductCode": "HP",
                  "ParentQuoteUID": null,
                  "ProductCode": "HP",
                  "ProductName": "Blackhorse HP APR - Standard Rate",
                  "ProductUID": "b644028d-c545-4a54-ba3a-004007009d3b",
                  "CreditTier": "None",
                  "QuotedDateTime": "/Date(1614772549066+0000)/",
                  "QuoteeProductCode": "HP",
                  "QuoteeUid": "268e8202-338e-4b26-a6fe-74bcdab0a357",
                  "QuoteUID": "03031155-49f1-41f3-b332-5235d0263664",
                  "WithinPaymentRange": "None",
                  "Errors": null,
                  "hasErrors": false,
                  "hasWarnings": false,
                  "Warnings": null
                }
              ],
              "QuotedProductGroupUID": "0e08878c-f20a-4e5c-b09b-85ca2db39a4f",
              "Errors": null,
              "hasErrors": false,
              "hasWarnings": false,
              "Warnings": null
            },
            {
              "FacilityType": "PCP",
              "hasProductQuote": true,
              "hasProductQuoteWithinPaymentRange": "False",
              "ProductGroupUID": "d17cc875-b043-4d99-94e0-d56bbf556054",
              "ProductQuotes": [
                {
                  "BaseCfcUrl": "https://carfinancechecker.com",
                  "Commissions": [
                    {
                      "Amount": 0,
                      "Method": "RRPDiscounting",
                      "Type": "None",
                      "Value": 0,
                      "VolumeBonus": 0
                    }
                  ],
                  "ExpiryDate": "/Date(1615939200000+0000)/",
                  "FacilitatorCode": "BLA",
                  "FacilityType": "PCP",
                  "Figures": {
                    "AcceptanceFee": 0,
                    "AcceptanceFeeSpread": false,
                    "AdditionalDeposit": 0,
                    "Advance": 6000,
                    "AER": 9.83,
                    "APR": 9.9,
                    "Asset": {
                      "__type": "QuotewareV3.Core.ProductQuoteAssetMotorVehicle, QuotewareV3.Core",
                      "AdjustedDistance": false,
                      "AdjustedTerm": true,
                      "AnnualDistanceQuoted": 10000,
                      "ChargePerOverDistanceUnit": 0,
                      "Equity": 0,
                      "FinanceDepositAllowance": 0,
                      "FinanceDepositAllowances": null,
                      "NegativeEquity": 0,
                      "OutstandingSettlement": 0,
                      "OutstandingSource": null,
                      "PartExchange": 0,
                      "RVDataSet": "Blackhorse Base",
                      "RVDataSetMonth": 3,
                      "RVDataSetYear": 2017,
                      "RVPercentageUsed": 100,
                      "ValueAddedProducts": null,
                      "VATQualifying": "None",
                      "ExcludeVatAsDeposit": "None"
                    },
                    "Balloon": 2741,
                    "BalloonAtTerm": true,
                    "BaseRate": 9.9,
                    "CustomerRate": 9.9,
                    "EarlySettlements": null,
                    "FinalPayment": 2751,
                    "FirstPayment": 126.29,
                    "FlatRate": 5.06,
                    "FullFees": null,
                    "InitialPause": 0,
                    "InterestCharges": 1287.44,
                    "InterestRate": 9.42,
                    "InterestRateRateType": "Yield",
                    "NumberOfRegularPayments": 35,
                    "OptionFeeSpread": false,
                    "OptionToPurchaseFee": 10,
                    "PaymentSchedules": [
                      {
                        "Amount": 126.29,
                        "Number": 36,
                        "Period": 1
                      },
                      {
                        "Amount": 2751,
                        "Number": 1,
                        "Period": 2
                      }
                    ],
                    "ProductRateType": "APR",
                    "RegularPayment": 126.29,
                    "Repossession": 2765.81,
                    "Subsidy": 0,
                    "Term": 37,
                    "Termination": 4148.72,
                    "TermQuoted": 37,
                    "TermUnit": "Default",
                    "TotalCashPrice": 7000,
                    "TotalCharges": 1297.44,
                    "TotalDeposit": 1000,
                    "TotalPayable": 8297.44,
                    "ValueAddedTax": 0,
                    "ValueAddedTaxAsDeposit": false
                  },
                  "FunderCode": "BLA",
                  "FunderProductCode": "54",
                  "ParentQuoteUID": null,
                  "ProductCode": "54",
                  "ProductName": "Blackhorse PCP APR - Standard Rate",
                  "ProductUID": "113c7b7a-0491-44ed-b1b9-85524e9be316",
                  "CreditTier": "None",
                  "QuotedDateTime": "/Date(1614772549066+0000)/",
                  "QuoteeProductCode": "54",
                  "QuoteeUid": "268e8202-338e-4b26-a6fe-74bcdab0a357",
                  "QuoteUID": "03031155-4954-46a4-9db5-2bc42f3cc2e8",
                  "WithinPaymentRange": "None",
                  "Errors": null,
                  "hasErrors": false,
                  "hasWarnings": false,
                  "Warnings": null
                },
                {
                  "BaseCfcUrl": "https://carfinancechecker.com",
                  "Commissions": null,
                  "ExpiryDate": "/Date(1614772549066+0000)/",
                  "FacilitatorCode": "BLA",
                  "FacilityType": "PCP",
                  "Figures": null,
                  "FunderCode": "BLA",
                  "FunderProductCode": "54",
                  "ParentQuoteUID": null,
                  "ProductCode": "54",
                  "ProductName": "Ducati PCP 11",
                  "ProductUID": "c2a9e51d-4a7a-4c04-a8ec-e1eb24ee767a",
                  "CreditTier": "None",
                  "QuotedDateTime": "/Date(1614772549066+0000)/",
                  "QuoteeProductCode": "54",
                  "QuoteeUid": "268e8202-338e-4b26-a6fe-74bcdab0a357",
                  "QuoteUID": "03031155-49cb-40df-bfa7-043ac9708dff",
                  "WithinPaymentRange": "False",
                  "Errors": {
                    "hasPrivateErrors": false,
                    "hasPublicErrors": true,
                    "PublicErrors": [
                      {
                        "Message": "Motor Vehicle not allowed for product",
                        "Number": 522
                      },
                      {
                        "Message": "Motor Vehicle Class of Car not allowed",
                        "Number": 516
                      },
                      {
                        "Message": "Motor Vehicle Condition of Used not allowed",
                        "Number": 517
                      }
                    ]
                  },
                  "hasErrors": true,
                  "hasWarnings": false,
                  "Warnings": null
                },
                {
                  "BaseCfcUrl": "https://carfinancechecker.com",
                  "Commissions": null,
                  "ExpiryDate": "/Date(1614772549066+0000)/",
                  "FacilitatorCode": "BLA",
                  "FacilityType": "PCP",
                  "Figures": null,
                  "FunderCode": "BLA",
                  "FunderProductCode": "54",
                  "ParentQuoteUID": null,
                  "ProductCode": "54",
                  "ProductName": "Ducati PCP 1",
                  "ProductUID": "967726b1-8e03-4524-91f4-5246699c4739",
                  "CreditTier": "None",
                  "QuotedDateTime": "/Date(1614772549066+0000)/",
                  "QuoteeProductCode": "54",
                  "QuoteeUid": "268e8202-338e-4b26-a6fe-74bcdab0a357",
                  "QuoteUID": "03031155-4932-47a3-98d7-dd830585054c",
                  "WithinPaymentRange": "False",
                  "Errors": {
                    "hasPrivateErrors": false,
                    "hasPublicErrors": true,
                    "PublicErrors": [
                      {
                        "Message": "Motor Vehicle not allowed for product",
                        "Number": 522
                      },
                      {
                        "Message": "Motor Vehicle Class of Car not allowed",
                        "Number": 516
                      },
                      {
                        "Message": "Motor Vehicle Condition of Used not allowed",
                        "Number": 517
                      }
                    ]
                  },
                  "hasErrors": true,
                  "hasWarnings": false,
                  "Warnings": null
                },
                {
                  "BaseCfcUrl": "https://carfinancechecker.com",
                  "Commissions": null,
                  "ExpiryDate": "/Date(1614772549066+0000)/",
                  "FacilitatorCode": "NOR",
                  "FacilityType": "PCP",
                  "Figures": null,
                  "FunderCode": "NOR",
                  "FunderProductCode": "NORPCP01",
                  "ParentQuoteUID": null,
                  "ProductCode": "NORPCP01",
                  "ProductName": "Northridge PCP",
                  "ProductUID": "bf925f2c-75ca-47a0-8ee5-0fdce5a1b251",
                  "CreditTier": "None",
                  "QuotedDateTime": "/Date(1614772549066+0000)/",
                  "QuoteeProductCode": "PCP: F Y CAR APR",
                  "QuoteeUid": "268e8202-338e-4b26-a6fe-74bcdab0a357",
                  "QuoteUID": "03031155-4913-40e7-97cb-935d724712e8",
                  "WithinPaymentRange": "False",
                  "Errors": {
                    "hasPrivateErrors": true,
                    "hasPublicErrors": false,
                    "PrivateErrors": [
                      {
                        "Message": "Rate not found for RRP Discounting rate method",
                        "Number": 523
                      }
                    ]
                  },
                  "hasErrors": true,
                  "hasWarnings": false,
                  "Warnings": null
                }
              ],
              "QuotedProductGroupUID": "9adf6e0f-3b24-4e6a-8de6-834a7a5182e0",
              "Errors": null,
              "hasErrors": false,
              "hasWarnings": false,
              "Warnings": null
            }
          ],
          "ProductPackageUID": "f9e788bc-dbe2-4718-b6cc-ef63cc83a193",
          "QuotedProductPackageUID": "aabd0e4c-b172-42a1-bccf-59769ef1e1e3",
          "Request": null,
          "ResultUID": "d99d5ad3-ebc7-45e4-b7e9-48a2a05765c2",
          "Errors": null,
          "hasErrors": false,
          "hasWarnings": false,
          "Warnings": null
        }
      ],
      "Errors": null,
      "hasErrors": false,
      "hasWarnings": false,
      "Warnings": null
    }
  ],
  "ResponseUID": "958ac3cc-5152-47ec-9db7-463eef976c75",
  "Errors": null,
  "hasErrors": false,
  "hasWarnings": false,
  "Warnings": null
}
