#!/usr/bin/env bash
# docker-compose's one-shot Kafka setup, run once the broker (kafka-broker.sh) is healthy: signed in
# as the admin, it makes (or sets again) each service's SCRAM user with its password from
# docker-compose.yml (KAFKA_<KEY>_PASSWORD) and grants each principal's ACLs, both from
# infra/kafka/principals.txt, as infra/kafka/kafka.mjs does for the project's broker. Running it
# again changes nothing but the passwords. Settings: KAFKA_BOOTSTRAP (kafka:29092) and the passwords.
source "$(dirname "$0")/kafka-common.sh"

bootstrap="${KAFKA_BOOTSTRAP:-kafka:29092}"
# Every password checked before anything changes.
principals | while read -r key _; do password_of "$key" >/dev/null; done

admin_config="$(mktemp)"
trap 'rm -f "$admin_config"' EXIT
write_admin_client_config "$admin_config"

# The admin's user is made when the broker formats its storage, with the password the broker signs
# in to itself with: left as it is.
principals | while read -r key user _; do
  [[ $key == admin ]] && continue
  password="$(password_of "$key")"
  "$KAFKA_HOME/bin/kafka-configs.sh" --bootstrap-server "$bootstrap" --command-config "$admin_config" \
    --alter --entity-type users --entity-name "$user" --add-config "SCRAM-SHA-512=[password=$password]"
done

# principals.txt's resources by kafka-acls.sh's option for them; every name ('*'), as LITERAL.
principals | while read -r key user grants; do
  for grant in $grants; do
    resource="${grant%%:*}"
    operation="${grant#*:}"
    case "$resource" in
      TOPIC) on=(--topic '*') ;;
      GROUP) on=(--group '*') ;;
      TRANSACTIONAL_ID) on=(--transactional-id '*') ;;
      *) echo "principals.txt: $key's grant $grant names no resource kafka-setup.sh knows" >&2; exit 2 ;;
    esac
    "$KAFKA_HOME/bin/kafka-acls.sh" --bootstrap-server "$bootstrap" --command-config "$admin_config" \
      --add --allow-principal "User:$user" --operation "$operation" "${on[@]}"
  done
done
echo "Kafka's users and ACLs are set"
