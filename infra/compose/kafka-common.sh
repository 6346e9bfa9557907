# What docker-compose's broker (kafka-broker.sh) and its setup (kafka-setup.sh) share; sourced by both,
# in the apache/kafka image (or, with KAFKA_HOME and TOOLFORGE_INFRA set, anywhere Kafka's scripts are).
set -euo pipefail

KAFKA_HOME="${KAFKA_HOME:-/opt/kafka}"
# The repository's infra folder, mounted read-only by docker-compose.yml.
TOOLFORGE_INFRA="${TOOLFORGE_INFRA:-/toolforge/infra}"
PRINCIPALS_FILE="$TOOLFORGE_INFRA/kafka/principals.txt"

# principals: prints "key user grants…" for each principal of principals.txt, comments left out.
principals() {
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PRINCIPALS_FILE"
}

# user_of KEY: the SCRAM user name of a principal (admin, command-service, …).
user_of() {
  principals | awk -v key="$1" '$1 == key { print $2 }'
}

# password_of KEY: the password docker-compose.yml passes as KAFKA_<KEY>_PASSWORD (command-service:
# KAFKA_COMMAND_SERVICE_PASSWORD). Refused unless it is 16 or more letters, digits, '-' or '_': any
# other character would need quoting in the JAAS and SCRAM settings it goes into.
password_of() {
  local key="${1^^}"
  local name="KAFKA_${key//-/_}_PASSWORD"
  local password="${!name:-}"
  if [[ ! $password =~ ^[A-Za-z0-9_-]{16,}$ ]]; then
    echo "$name must be 16 or more letters, digits, '-' or '_' (for example: openssl rand -hex 24)" >&2
    exit 2
  fi
  echo "$password"
}

# write_admin_client_config FILE: the client settings the admin signs in with (SCRAM-SHA-512), for
# Kafka's tools' --command-config; readable by this user only.
write_admin_client_config() {
  local admin password
  admin="$(user_of admin)"
  password="$(password_of admin)"
  (
    umask 077
    cat >"$1" <<PROPERTIES
security.protocol=SASL_PLAINTEXT
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="$admin" password="$password";
PROPERTIES
  )
}
