{{/*
docket-lib: every template takes the service chart's root context.
A service chart's only template is:  {{ include "docket-lib.service" . }}
*/}}

{{- define "docket-lib.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "docket-lib.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains (include "docket-lib.name" .) .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "docket-lib.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "docket-lib.selectorLabels" -}}
app.kubernetes.io/name: {{ include "docket-lib.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "docket-lib.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "docket-lib.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: docket
app.kubernetes.io/component: {{ .Values.service }}
{{- end -}}

{{- define "docket-lib.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "docket-lib.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "docket-lib.image" -}}
{{- $img := .image -}}
{{- $registry := .global.imageRegistry | default "" -}}
{{- $repo := $img.repository -}}
{{- if $registry }}{{ $repo = printf "%s/%s" $registry $repo }}{{ end -}}
{{- printf "%s:%s" $repo (default .appVersion (default .global.imageTag $img.tag)) -}}
{{- end -}}

{{/*
docket-lib.plainEnv: the non-secret platform settings as a dict, shared by
the ConfigMap of a service and the inline env of the hook Job. Arguments:
the global values. Secret settings are never here: see docket-lib.secretEnv.
*/}}
{{- define "docket-lib.plainEnv" -}}
{{- $g := . -}}
{{- $env := dict
  "DOCKET_KAFKA_BROKERS" (required "global.kafka.brokers is required" $g.kafka.brokers)
  "DOCKET_SCHEMA_REGISTRY_URL" (required "global.schemaRegistry.url is required" $g.schemaRegistry.url)
  "DOCKET_SCHEMA_MODE" "verify"
  "DOCKET_BLOB_URL" (required "global.blob.url is required" $g.blob.url)
  "DOCKET_OPS_ADDR" "0.0.0.0:9100"
  "DOCKET_LOG_LEVEL" ($g.logLevel | default "info")
  "DOCKET_LOG_FORMAT" "json"
-}}
{{- if and (hasPrefix "file://" $g.blob.url) (not $g.blob.persistentVolumeClaim) }}
{{- fail "global.blob.url is file:// but global.blob.persistentVolumeClaim is empty: every service must see the same blobs (a ReadWriteMany claim), or use s3://" }}
{{- end -}}
{{- if $g.kafka.tls.enabled }}{{ $_ := set $env "DOCKET_KAFKA_TLS" "true" }}{{ end -}}
{{- if $g.kafka.tls.caSecret.name }}{{ $_ := set $env "DOCKET_KAFKA_TLS_CA_FILE" (printf "/etc/docket/kafka-ca/%s" $g.kafka.tls.caSecret.key) }}{{ end -}}
{{- if $g.kafka.sasl.mechanism }}{{ $_ := set $env "DOCKET_KAFKA_SASL_MECHANISM" $g.kafka.sasl.mechanism }}{{ end -}}
{{- toYaml $env -}}
{{- end -}}

{{/* docket-lib.secretEnv: env entries read from existing Secrets (never values). Argument: the global values. */}}
{{- define "docket-lib.secretEnv" -}}
{{- $g := . -}}
- name: DOCKET_REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ required "global.redis.urlSecret.name is required (a Secret holding the Redis URL)" $g.redis.urlSecret.name }}
      key: {{ $g.redis.urlSecret.key }}
{{- if $g.kafka.sasl.mechanism }}
- name: DOCKET_KAFKA_SASL_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ required "global.kafka.sasl.secretName is required with a SASL mechanism" $g.kafka.sasl.secretName }}
      key: {{ $g.kafka.sasl.usernameKey }}
- name: DOCKET_KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $g.kafka.sasl.secretName }}
      key: {{ $g.kafka.sasl.passwordKey }}
{{- end }}
{{- if $g.schemaRegistry.auth.secretName }}
- name: DOCKET_SCHEMA_REGISTRY_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ $g.schemaRegistry.auth.secretName }}
      key: {{ $g.schemaRegistry.auth.usernameKey }}
- name: DOCKET_SCHEMA_REGISTRY_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $g.schemaRegistry.auth.secretName }}
      key: {{ $g.schemaRegistry.auth.passwordKey }}
{{- end }}
{{- range $g.blob.credentialsSecrets }}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ .secretName }}
      key: {{ .key }}
{{- end }}
{{- end -}}

{{/* docket-lib.platformVolumes / Mounts: the Kafka CA and the shared blob volume. Argument: the global values. */}}
{{- define "docket-lib.platformVolumes" -}}
{{- $g := . -}}
{{- if $g.kafka.tls.caSecret.name }}
- name: kafka-ca
  secret:
    secretName: {{ $g.kafka.tls.caSecret.name }}
    items:
      - key: {{ $g.kafka.tls.caSecret.key }}
        path: {{ $g.kafka.tls.caSecret.key }}
{{- end }}
{{- if $g.blob.persistentVolumeClaim }}
- name: blobs
  persistentVolumeClaim:
    claimName: {{ $g.blob.persistentVolumeClaim }}
{{- end }}
{{- end -}}

{{- define "docket-lib.platformMounts" -}}
{{- $g := . -}}
{{- if $g.kafka.tls.caSecret.name }}
- name: kafka-ca
  mountPath: /etc/docket/kafka-ca
  readOnly: true
{{- end }}
{{- if $g.blob.persistentVolumeClaim }}
- name: blobs
  mountPath: /data/blobs
{{- end }}
{{- end -}}

{{- define "docket-lib.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 65532
runAsGroup: 65532
fsGroup: 65532
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "docket-lib.containerSecurityContext" -}}
runAsNonRoot: true
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
{{- end -}}
