#!/usr/bin/env bash
# docker-compose's Kafka broker: the project's broker settings (infra/kafka/server.properties: SASL
# with SCRAM-SHA-512, the StandardAuthorizer, nothing allowed but the ACLs) plus this broker's
# listeners, started the way infra/kafka/kafka.mjs starts the project's: the storage is formatted
# once with the admin's SCRAM user (KRaft keeps users in its metadata log, so the broker can check
# the admin's password from its first start; kafka-setup.sh makes the services' users). Run in
# place of the apache/kafka image's own start script, whose format cannot add users.
# Settings (docker-compose.yml): CLUSTER_ID, KAFKA_LISTENERS, KAFKA_ADVERTISED_LISTENERS,
# KAFKA_CONTROLLER_QUORUM_VOTERS, KAFKA_LISTENER_SECURITY_PROTOCOL_MAP, KAFKA_LOG_DIRS,
# KAFKA_ADMIN_PASSWORD; KAFKA_HEAP_OPTS as Kafka's own scripts read it.
source "$(dirname "$0")/kafka-common.sh"

admin="$(user_of admin)"
password="$(password_of admin)"
config="$KAFKA_HOME/config/toolforge-server.properties"

# What this script and the broker write (these settings, with the admin's password; the log) is the
# container user's only.
umask 077
# The listener that brokers talk to each other on (inter.broker.listener.name) is CLIENTS, as in the
# project's broker; every other SASL listener needs a JAAS setting too, without credentials of its own.
{
  cat "$TOOLFORGE_INFRA/kafka/server.properties"
  echo
  echo '# Set by infra/compose/kafka-broker.sh from docker-compose.yml.'
  echo "listeners=$KAFKA_LISTENERS"
  echo "advertised.listeners=$KAFKA_ADVERTISED_LISTENERS"
  echo "listener.security.protocol.map=$KAFKA_LISTENER_SECURITY_PROTOCOL_MAP"
  echo "controller.quorum.voters=$KAFKA_CONTROLLER_QUORUM_VOTERS"
  echo "log.dirs=$KAFKA_LOG_DIRS"
  IFS=',' read -ra protocols <<<"$KAFKA_LISTENER_SECURITY_PROTOCOL_MAP"
  for protocol in "${protocols[@]}"; do
    listener="${protocol%%:*}"
    listener="${listener,,}"
    case "$listener" in
      clients) echo "listener.name.clients.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"$admin\" password=\"$password\";" ;;
      controller) echo "listener.name.controller.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"$admin\" password=\"$password\" user_$admin=\"$password\";" ;;
      *) echo "listener.name.$listener.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;" ;;
    esac
  done
} >"$config"

# The health check's client settings (docker-compose.yml: kafka-broker-api-versions.sh signs in as the admin).
write_admin_client_config "$KAFKA_HOME/config/toolforge-admin.properties"

# Storage formatted by this compose file's broker of before SASL has no users, and none can be added
# to it (nobody could sign in to add them): refused, rather than a broker nobody can use.
formatted_with_users="$KAFKA_LOG_DIRS/.toolforge-scram-users"
if [[ -e "$KAFKA_LOG_DIRS/meta.properties" && ! -e $formatted_with_users ]]; then
  echo "Kafka's volume was formatted without SCRAM users (before docker-compose's broker required SASL)." >&2
  echo "Start over with \`docker compose down -v\` (the shop's log and read model go with it)." >&2
  exit 1
fi
"$KAFKA_HOME/bin/kafka-storage.sh" format --cluster-id "$CLUSTER_ID" -c "$config" --ignore-formatted \
  --add-scram "SCRAM-SHA-512=[name=$admin,password=$password]"
touch "$formatted_with_users"
exec "$KAFKA_HOME/bin/kafka-server-start.sh" "$config"
