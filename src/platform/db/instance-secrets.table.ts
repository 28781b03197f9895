/**
 * Random keys made once per installation by a migration (0016 made `network_fingerprint`), shared
 * by every process on the database, so a keyed hash computed by one matches another's.
 */
export interface InstanceSecretsTable {
  name: string;
  secret: string;
  created_at: string;
}
