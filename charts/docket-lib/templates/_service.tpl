{{/*
docket-lib.service renders every object of one Docket service release:
ServiceAccount, ConfigMap, Deployment (or StatefulSet), Service,
PodDisruptionBudget, a NetworkPolicy, and optionally an HPA, a KEDA
ScaledObject and a Prometheus ServiceMonitor.
*/}}
{{- define "docket-lib.service" -}}
{{- $fullname := include "docket-lib.fullname" . -}}
{{- $g := .Values.global -}}
{{- $v := .Values -}}
{{- $statefulSet := eq ($v.workload | default "Deployment") "StatefulSet" -}}
{{- $authFiles := (include "docket-lib.authFiles" $v | fromYaml).files -}}
{{- if not (or (eq ($v.workload | default "Deployment") "Deployment") $statefulSet) }}
{{- fail (printf "workload %q: want Deployment or StatefulSet" $v.workload) }}
{{- end }}
{{- if and $v.autoscaling.enabled $v.keda.enabled }}
{{- fail "autoscaling.enabled and keda.enabled are exclusive: KEDA manages its own HPA" }}
{{- end }}
{{- if $v.serviceAccount.create }}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "docket-lib.serviceAccountName" . }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
  {{- with $v.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end }}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ $fullname }}-env
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
data:
  {{- $env := include "docket-lib.plainEnv" $g | fromYaml -}}
  {{- if $v.http.enabled }}{{ $_ := set $env $v.http.addrEnv (printf "0.0.0.0:%d" (int $v.http.port)) }}{{ end -}}
  {{- if and $v.auth $v.auth.insecure }}{{ $_ := set $env "DOCKET_INSECURE" "true" }}{{ end -}}
  {{- if and $v.trackerClient $v.trackerClient.addr }}{{ $_ := set $env "DOCKET_TRACKER_ADDR" $v.trackerClient.addr }}{{ end -}}
  {{- range $k, $val := $v.env }}{{ $_ := set $env $k (toString $val) }}{{ end -}}
  {{- range $k, $val := $env }}
  {{ $k }}: {{ $val | quote }}
  {{- end }}
---
{{- if $statefulSet }}
apiVersion: v1
kind: Service
metadata:
  name: {{ $fullname }}-headless
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
spec:
  clusterIP: None
  selector:
    {{- include "docket-lib.selectorLabels" . | nindent 4 }}
  ports:
    - name: ops
      port: 9100
      targetPort: ops
---
{{- end }}
apiVersion: apps/v1
kind: {{ ternary "StatefulSet" "Deployment" $statefulSet }}
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
spec:
  {{- if not (or $v.autoscaling.enabled $v.keda.enabled) }}
  replicas: {{ $v.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "docket-lib.selectorLabels" . | nindent 6 }}
  {{- if $statefulSet }}
  serviceName: {{ $fullname }}-headless
  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
  {{- else }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  {{- end }}
  template:
    metadata:
      labels:
        {{- include "docket-lib.labels" . | nindent 8 }}
        {{- with $v.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/env: {{ include "docket-lib.plainEnv" $g | cat (toYaml $v.env) (toYaml $v.http) | sha256sum }}
        {{- with $v.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "docket-lib.serviceAccountName" . }}
      automountServiceAccountToken: false
      {{- with (concat ($g.imagePullSecrets | default list) ($v.imagePullSecrets | default list)) }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- include "docket-lib.podSecurityContext" . | nindent 8 }}
      # SIGTERM drains the open batch for DOCKET_DRAIN_TIMEOUT (20s) first.
      terminationGracePeriodSeconds: {{ $v.terminationGracePeriodSeconds }}
      containers:
        - name: {{ $v.service }}
          image: {{ include "docket-lib.image" (dict "image" $v.image "global" $g "appVersion" .Chart.AppVersion) }}
          imagePullPolicy: {{ $v.image.pullPolicy }}
          securityContext:
            {{- include "docket-lib.containerSecurityContext" . | nindent 12 }}
          ports:
            - name: ops
              containerPort: 9100
              protocol: TCP
            {{- if $v.http.enabled }}
            - name: http
              containerPort: {{ $v.http.port }}
              protocol: TCP
            {{- end }}
          envFrom:
            - configMapRef:
                name: {{ $fullname }}-env
          env:
            # Stable per replica: static group membership and the
            # transactional id. A Deployment's pod name changes when the pod
            # is replaced, which only costs one transaction timeout before
            # the new id takes over; workload: StatefulSet keeps names.
            - name: DOCKET_INSTANCE_ID
              valueFrom:
                fieldRef:
                  fieldPath: metadata.name
            {{- with (include "docket-lib.secretEnv" (dict "g" $g "service" .Chart.Name) | trim) }}{{ . | nindent 12 }}{{ end }}
            {{- range $f := $v.secretFiles }}
            {{- if $f.env }}
            {{- $paths := list }}
            {{- range $f.items }}{{ $paths = append $paths (printf "/etc/docket/%s/%s" $f.name .path) }}{{ end }}
            {{- if not $f.items }}{{ $paths = list (printf "/etc/docket/%s/%s" $f.name $f.key) }}{{ end }}
            - name: {{ $f.env }}
              value: {{ join "," $paths | quote }}
            {{- end }}
            {{- end }}
            {{- range $f := $authFiles }}
            {{- range $name, $path := $f.env }}
            - name: {{ $name }}
              value: {{ $path | quote }}
            {{- end }}
            {{- end }}
            {{- range $v.secretEnv }}
            - name: {{ .name }}
              valueFrom:
                secretKeyRef:
                  name: {{ .secretName }}
                  key: {{ .key }}
            {{- end }}
          startupProbe:
            httpGet:
              path: /healthz
              port: ops
            periodSeconds: 5
            failureThreshold: {{ $v.probes.startupFailureThreshold }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: ops
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            httpGet:
              path: /readyz
              port: ops
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 2
          resources:
            {{- required "resources are required" $v.resources | toYaml | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with (include "docket-lib.platformMounts" $g | trim) }}{{ . | nindent 12 }}{{ end }}
            {{- range (concat ($v.secretFiles | default list) $authFiles) }}
            - name: secret-{{ .name }}
              mountPath: /etc/docket/{{ .name }}
              readOnly: true
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $v.tmpSize }}
        {{- with (include "docket-lib.platformVolumes" $g | trim) }}{{ . | nindent 8 }}{{ end }}
        {{- range (concat ($v.secretFiles | default list) $authFiles) }}
        - name: secret-{{ .name }}
          secret:
            secretName: {{ required (printf "secretFiles %s: secretName is required" .name) .secretName }}
            # 0440: the pod's group (fsGroup) reads it, others nothing.
            defaultMode: {{ include "docket-lib.secretMode" $ }}
            {{- with .items }}
            items:
              {{- toYaml . | nindent 14 }}
            {{- else }}
            items:
              - key: {{ .key }}
                path: {{ .key }}
            {{- end }}
        {{- end }}
      {{- with $v.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "docket-lib.selectorLabels" . | nindent 14 }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "docket-lib.selectorLabels" . | nindent 4 }}
  ports:
    - name: ops
      port: 9100
      targetPort: ops
      protocol: TCP
    {{- if $v.http.enabled }}
    - name: http
      port: {{ $v.http.port }}
      targetPort: http
      protocol: TCP
    {{- end }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
spec:
  {{- if $v.pdb.minAvailable }}
  minAvailable: {{ $v.pdb.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $v.pdb.maxUnavailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "docket-lib.selectorLabels" . | nindent 6 }}
{{- if $v.autoscaling.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: {{ ternary "StatefulSet" "Deployment" $statefulSet }}
    name: {{ $fullname }}
  minReplicas: {{ $v.autoscaling.minReplicas }}
  maxReplicas: {{ $v.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $v.autoscaling.targetCPUUtilizationPercentage }}
{{- end }}
{{- if $v.keda.enabled }}
---
# Scales on the consumer group's lag; more replicas than partitions sit idle.
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: {{ ternary "StatefulSet" "Deployment" $statefulSet }}
    name: {{ $fullname }}
  minReplicaCount: {{ $v.keda.minReplicaCount }}
  maxReplicaCount: {{ $v.keda.maxReplicaCount }}
  pollingInterval: {{ $v.keda.pollingInterval }}
  cooldownPeriod: {{ $v.keda.cooldownPeriod }}
  triggers:
    {{- range $v.keda.topics }}
    - type: kafka
      metadata:
        bootstrapServers: {{ $g.kafka.brokers | quote }}
        consumerGroup: {{ printf "docket-%s" $v.service | quote }}
        topic: {{ . | quote }}
        lagThreshold: {{ $v.keda.lagThreshold | quote }}
        offsetResetPolicy: earliest
        allowIdleConsumers: "false"
      {{- with $v.keda.authenticationRef }}
      authenticationRef:
        name: {{ . }}
      {{- end }}
    {{- end }}
{{- end }}
{{- if $v.serviceMonitor.enabled }}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "docket-lib.labels" . | nindent 4 }}
    {{- with $v.serviceMonitor.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  selector:
    matchLabels:
      {{- include "docket-lib.selectorLabels" . | nindent 6 }}
  endpoints:
    - port: ops
      path: /metrics
      interval: {{ $v.serviceMonitor.interval }}
{{- end }}
{{- with (include "docket-lib.networkPolicy" . | trim) }}
---
{{ . }}
{{- end }}
{{- end -}}
