import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { config } from "./config.js";

/**
 * The one DynamoDB table. Every entity lives in it under generic key names
 * so new access patterns never need a table change (see docs/data-model.md).
 */
export const TABLE_KEYS = {
  pk: "pk",
  sk: "sk",
  gsi1pk: "gsi1pk",
  gsi1sk: "gsi1sk",
  gsi2pk: "gsi2pk",
  gsi2sk: "gsi2sk",
} as const;

let client: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const endpoint = config.dynamoEndpoint;
    const raw = new DynamoDBClient({
      region: config.region,
      endpoint,
      // DynamoDB Local accepts any credentials; on AWS the Lambda role supplies them.
      ...(endpoint ? { credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
    });
    client = DynamoDBDocumentClient.from(raw, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    });
  }
  return client;
}

/** Tests point the platform at another endpoint between files. */
export function resetClients() {
  client = undefined;
}

/** The table definition, shared by local set-up, tests and (as data) the stacks. */
export const tableDefinition = {
  AttributeDefinitions: [
    { AttributeName: "pk", AttributeType: "S" },
    { AttributeName: "sk", AttributeType: "S" },
    { AttributeName: "gsi1pk", AttributeType: "S" },
    { AttributeName: "gsi1sk", AttributeType: "S" },
    { AttributeName: "gsi2pk", AttributeType: "S" },
    { AttributeName: "gsi2sk", AttributeType: "S" },
  ],
  KeySchema: [
    { AttributeName: "pk", KeyType: "HASH" },
    { AttributeName: "sk", KeyType: "RANGE" },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: "gsi1",
      KeySchema: [
        { AttributeName: "gsi1pk", KeyType: "HASH" },
        { AttributeName: "gsi1sk", KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    },
    {
      IndexName: "gsi2",
      KeySchema: [
        { AttributeName: "gsi2pk", KeyType: "HASH" },
        { AttributeName: "gsi2sk", KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    },
  ],
  BillingMode: "PAY_PER_REQUEST",
} as const;
