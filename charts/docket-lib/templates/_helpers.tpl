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
  "DOCKET_COMPRESSION" ($g.kafka.compression | default "none")
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

{{/* docket-lib.secretEnv: env entries read from existing Secrets (never values). Argument: dict "g" (the global values) "service" (the chart's service name); a "%s" in global.kafka.sasl.secretName is the service name: one Kafka principal per service. */}}
{{- define "docket-lib.secretEnv" -}}
{{- $g := .g -}}
{{- $kafkaSecret := "" -}}
{{- if $g.kafka.sasl.secretName }}{{ $kafkaSecret = (contains "%s" $g.kafka.sasl.secretName) | ternary (printf $g.kafka.sasl.secretName .service) $g.kafka.sasl.secretName }}{{ end -}}
- name: DOCKET_REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ required "global.redis.urlSecret.name is required (a Secret holding the Redis URL)" $g.redis.urlSecret.name }}
      key: {{ $g.redis.urlSecret.key }}
{{- if $g.kafka.sasl.mechanism }}
- name: DOCKET_KAFKA_SASL_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ required "global.kafka.sasl.secretName is required with a SASL mechanism" $kafkaSecret }}
      key: {{ $g.kafka.sasl.usernameKey }}
- name: DOCKET_KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $kafkaSecret }}
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
    defaultMode: {{ include "docket-lib.secretMode" . }}
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

{{/*
docket-lib.secretMode: the mode of every mounted secret file, 0440 (288):
readable by the owner and the pod's fsGroup, never by others.
*/}}
{{- define "docket-lib.secretMode" -}}288{{- end -}}

{{/*
docket-lib.authFiles: the files of the API's authentication, TLS and
tracker client, as a list of {name, secretName, items: [{key, path}], env: {VAR: path}}.
Argument: the service chart's values. Fails when an API would run without
authentication and auth.insecure is not set.
*/}}
{{- define "docket-lib.authFiles" -}}
{{- $v := . -}}
{{- $files := list -}}
{{- if and $v.http.enabled $v.auth -}}
{{- if $v.auth.tokensSecret.name -}}
{{- $files = append $files (dict "name" "auth-tokens" "secretName" $v.auth.tokensSecret.name "items" (list (dict "key" $v.auth.tokensSecret.key "path" $v.auth.tokensSecret.key)) "env" (dict $v.auth.tokensEnv (printf "/etc/docket/auth-tokens/%s" $v.auth.tokensSecret.key))) -}}
{{- else if not $v.auth.insecure -}}
{{- fail (printf "%s: auth.tokensSecret.name is required (a Secret with the API's principals, README.md Security), or set auth.insecure=true to run the API open" $v.service) -}}
{{- end -}}
{{- if $v.auth.keySecret.name -}}
{{- $files = append $files (dict "name" "auth-key" "secretName" $v.auth.keySecret.name "items" (list (dict "key" $v.auth.keySecret.key "path" $v.auth.keySecret.key)) "env" (dict "DOCKET_AUTH_KEY_FILE" (printf "/etc/docket/auth-key/%s" $v.auth.keySecret.key))) -}}
{{- end -}}
{{- end -}}
{{- if and $v.http.enabled $v.tls $v.tls.secretName -}}
{{- $items := list (dict "key" "tls.crt" "path" "tls.crt") (dict "key" "tls.key" "path" "tls.key") -}}
{{- $env := dict $v.tls.certEnv "/etc/docket/api-tls/tls.crt" $v.tls.keyEnv "/etc/docket/api-tls/tls.key" -}}
{{- if $v.tls.mutual -}}
{{- $items = append $items (dict "key" "ca.crt" "path" "ca.crt") -}}
{{- $_ := set $env (required (printf "%s: tls.clientCAEnv is required with tls.mutual" $v.service) $v.tls.clientCAEnv) "/etc/docket/api-tls/ca.crt" -}}
{{- end -}}
{{- $files = append $files (dict "name" "api-tls" "secretName" $v.tls.secretName "items" $items "env" $env) -}}
{{- end -}}
{{- with $v.trackerClient -}}
{{- if .tokenSecret.name -}}
{{- $files = append $files (dict "name" "tracker-token" "secretName" .tokenSecret.name "items" (list (dict "key" .tokenSecret.key "path" .tokenSecret.key)) "env" (dict "DOCKET_TRACKER_TOKEN_FILE" (printf "/etc/docket/tracker-token/%s" .tokenSecret.key))) -}}
{{- end -}}
{{- if .tlsSecret -}}
{{- $items := list (dict "key" "ca.crt" "path" "ca.crt") -}}
{{- $env := dict "DOCKET_TRACKER_CA_FILE" "/etc/docket/tracker-tls/ca.crt" -}}
{{- if .mutual -}}
{{- $items = concat $items (list (dict "key" "tls.crt" "path" "tls.crt") (dict "key" "tls.key" "path" "tls.key")) -}}
{{- $_ := set $env "DOCKET_TRACKER_CERT_FILE" "/etc/docket/tracker-tls/tls.crt" -}}
{{- $_ := set $env "DOCKET_TRACKER_KEY_FILE" "/etc/docket/tracker-tls/tls.key" -}}
{{- end -}}
{{- $files = append $files (dict "name" "tracker-tls" "secretName" .tlsSecret "items" $items "env" $env) -}}
{{- end -}}
{{- end -}}
{{- toYaml (dict "files" $files) -}}
{{- end -}}

{{/*
docket-lib.networkPolicy: only Docket's own pods (and apiFrom) reach the
API port, only this namespace's pods (or opsFrom) the ops port. Argument:
the service chart's root context.
*/}}
{{- define "docket-lib.networkPolicy" -}}
{{- $v := .Values -}}
{{- if $v.networkPolicy.enabled }}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "docket-lib.fullname" . }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "docket-lib.selectorLabels" . | nindent 6 }}
  policyTypes:
    - Ingress
  ingress:
    - ports:
        - port: ops
          protocol: TCP
      from:
        {{- with $v.networkPolicy.opsFrom }}
        {{- toYaml . | nindent 8 }}
        {{- else }}
        - podSelector: {}
        {{- end }}
    {{- if $v.http.enabled }}
    - ports:
        - port: http
          protocol: TCP
      from:
        - podSelector:
            matchLabels:
              app.kubernetes.io/part-of: docket
              app.kubernetes.io/instance: {{ .Release.Name }}
        {{- with $v.networkPolicy.apiFrom }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    {{- end }}
{{- end }}
{{- end -}}
