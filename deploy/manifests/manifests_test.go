package manifests

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/yaml"
)

// root is the repository root, seen from this package.
const root = "../.."

var services = []string{"ingest", "ocr", "classifier", "ledger", "sagatracker", "exception"}

// consoleChart is the web console's chart: a release of its own beside the
// services (it uses no Kafka, Redis or blob store).
const consoleChart = "console"

// skipShort skips the chart tests in make test-short: they need helm
// (built in about four minutes) and render every chart; make helm runs them.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("renders every chart with helm; run without -short (make helm)")
	}
}

// helmBin finds helm on PATH or in $GOPATH/bin (where make helm-tool puts
// it) and fails the test clearly otherwise.
func helmBin(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("helm"); err == nil {
		return p
	}
	gopath, err := exec.Command("go", "env", "GOPATH").Output()
	if err == nil {
		p := filepath.Join(strings.TrimSpace(string(gopath)), "bin", "helm")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Fatal("helm not found on PATH or in $GOPATH/bin: run `make helm-tool` (go install helm.sh/helm/v3/cmd/helm@v3.22.0)")
	return ""
}

func helm(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(helmBin(t), args...)
	cmd.Dir = root
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("helm %s: %w: %s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String(), nil
}

// TestMain-like set-up: build the file:// dependencies once (service
// charts first, then the umbrella, which packages them).
func buildDeps(t *testing.T) {
	t.Helper()
	for _, c := range append(append([]string{}, services...), consoleChart, "docket") {
		if _, err := helm(t, "dependency", "update", "--skip-refresh", filepath.Join("charts", c)); err != nil {
			t.Fatal(err)
		}
	}
}

// object is one rendered manifest, decoded strictly into its typed struct.
type object struct {
	Kind, Name string
	Obj        any
}

// Local models of the two CRDs the charts render (KEDA and the Prometheus
// operator are not in k8s.io/api): only the fields the charts may set, so a
// misspelt or misplaced field still fails the strict decode.
type (
	scaledObject struct {
		APIVersion string           `json:"apiVersion"`
		Kind       string           `json:"kind"`
		Metadata   metav1ObjectMeta `json:"metadata"`
		Spec       scaledObjectSpec `json:"spec"`
	}
	metav1ObjectMeta struct {
		Name   string            `json:"name"`
		Labels map[string]string `json:"labels"`
	}
	scaledObjectSpec struct {
		ScaleTargetRef struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Name       string `json:"name"`
		} `json:"scaleTargetRef"`
		MinReplicaCount *int32 `json:"minReplicaCount"`
		MaxReplicaCount *int32 `json:"maxReplicaCount"`
		PollingInterval *int32 `json:"pollingInterval"`
		CooldownPeriod  *int32 `json:"cooldownPeriod"`
		Triggers        []struct {
			Type              string            `json:"type"`
			Metadata          map[string]string `json:"metadata"`
			AuthenticationRef *struct {
				Name string `json:"name"`
			} `json:"authenticationRef"`
		} `json:"triggers"`
	}
	serviceMonitor struct {
		APIVersion string           `json:"apiVersion"`
		Kind       string           `json:"kind"`
		Metadata   metav1ObjectMeta `json:"metadata"`
		Spec       struct {
			Selector struct {
				MatchLabels map[string]string `json:"matchLabels"`
			} `json:"selector"`
			Endpoints []struct {
				Port     string `json:"port"`
				Path     string `json:"path"`
				Interval string `json:"interval"`
			} `json:"endpoints"`
		} `json:"spec"`
	}
)

// prometheusRule is the part of a PrometheusRule the checks read.
type prometheusRule struct {
	APIVersion string           `json:"apiVersion"`
	Kind       string           `json:"kind"`
	Metadata   metav1ObjectMeta `json:"metadata"`
	Spec       struct {
		Groups []struct {
			Name  string `json:"name"`
			Rules []struct {
				Alert       string            `json:"alert"`
				Expr        string            `json:"expr"`
				For         string            `json:"for,omitempty"`
				Labels      map[string]string `json:"labels"`
				Annotations map[string]string `json:"annotations"`
			} `json:"rules"`
		} `json:"groups"`
	} `json:"spec"`
}

func newObject(apiVersion, kind string) (any, error) {
	switch apiVersion + "/" + kind {
	case "v1/ServiceAccount":
		return &corev1.ServiceAccount{}, nil
	case "v1/ConfigMap":
		return &corev1.ConfigMap{}, nil
	case "v1/Service":
		return &corev1.Service{}, nil
	case "apps/v1/Deployment":
		return &appsv1.Deployment{}, nil
	case "apps/v1/StatefulSet":
		return &appsv1.StatefulSet{}, nil
	case "policy/v1/PodDisruptionBudget":
		return &policyv1.PodDisruptionBudget{}, nil
	case "autoscaling/v2/HorizontalPodAutoscaler":
		return &autoscalingv2.HorizontalPodAutoscaler{}, nil
	case "batch/v1/Job":
		return &batchv1.Job{}, nil
	case "networking.k8s.io/v1/NetworkPolicy":
		return &networkingv1.NetworkPolicy{}, nil
	case "keda.sh/v1alpha1/ScaledObject":
		return &scaledObject{}, nil
	case "monitoring.coreos.com/v1/ServiceMonitor":
		return &serviceMonitor{}, nil
	case "monitoring.coreos.com/v1/PrometheusRule":
		return &prometheusRule{}, nil
	}
	// Secrets in particular: the charts never carry a secret value.
	return nil, fmt.Errorf("unexpected object %s %s", apiVersion, kind)
}

// decode splits a helm template output and decodes every document strictly
// (unknown or duplicate fields are errors).
func decode(t *testing.T, rendered string) []object {
	t.Helper()
	var out []object
	for _, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(rendered, -1) {
		if strings.TrimSpace(regexp.MustCompile(`(?m)^#.*$`).ReplaceAllString(doc, "")) == "" {
			continue
		}
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Metadata   struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("parse manifest: %v\n%s", err, doc)
		}
		obj, err := newObject(head.APIVersion, head.Kind)
		if err != nil {
			t.Errorf("%s: %v", head.Metadata.Name, err)
			continue
		}
		if err := yaml.UnmarshalStrict([]byte(doc), obj); err != nil {
			t.Errorf("%s %s: strict decode: %v", head.Kind, head.Metadata.Name, err)
			continue
		}
		out = append(out, object{Kind: head.Kind, Name: head.Metadata.Name, Obj: obj})
	}
	return out
}

// secretish names env vars whose value must come from a Secret; *_FILE and
// *_KEYS (file paths) are fine as plain values.
var secretish = regexp.MustCompile(`(PASSWORD|SECRET|TOKEN|API_KEY|_KEY$|^AWS_SECRET)`)

// credentialURL matches a URL with a password in it.
var credentialURL = regexp.MustCompile(`://[^/@\s]*:[^/@\s]+@`)

func checkPlainValue(t *testing.T, where, name, value string) {
	t.Helper()
	// A path under /etc/docket/ is a file mounted from a Secret.
	if value != "" && secretish.MatchString(name) && !strings.HasSuffix(name, "_FILE") && !strings.HasSuffix(name, "_KEYS") && !strings.HasPrefix(value, "/etc/docket/") {
		t.Errorf("%s: %s has a plain value; it must come from a Secret", where, name)
	}
	if credentialURL.MatchString(value) {
		t.Errorf("%s: %s holds a URL with credentials", where, name)
	}
}

func checkContainer(t *testing.T, where string, c corev1.Container, service bool) {
	t.Helper()
	where += "/" + c.Name
	sc := c.SecurityContext
	if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
		t.Errorf("%s: readOnlyRootFilesystem is not true", where)
	}
	if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		t.Errorf("%s: allowPrivilegeEscalation is not false", where)
	}
	if sc == nil || sc.Capabilities == nil || len(sc.Capabilities.Drop) != 1 || sc.Capabilities.Drop[0] != "ALL" {
		t.Errorf("%s: capabilities do not drop ALL", where)
	}
	for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		if q, ok := c.Resources.Requests[r]; !ok || q.IsZero() {
			t.Errorf("%s: no %s request", where, r)
		}
		if q, ok := c.Resources.Limits[r]; !ok || q.IsZero() {
			t.Errorf("%s: no %s limit", where, r)
		}
	}
	for _, e := range c.Env {
		if e.Value == "" && e.ValueFrom == nil {
			t.Errorf("%s: %s has neither a value nor a source", where, e.Name)
		}
		checkPlainValue(t, where, e.Name, e.Value)
	}
	var tmp bool
	for _, m := range c.VolumeMounts {
		tmp = tmp || m.MountPath == "/tmp"
	}
	if !tmp {
		t.Errorf("%s: nothing mounted at /tmp (the root filesystem is read-only)", where)
	}
	if !service {
		return
	}
	probe := func(name string, p *corev1.Probe, path string) {
		if p == nil || p.HTTPGet == nil || p.HTTPGet.Path != path || p.HTTPGet.Port.String() != "ops" {
			t.Errorf("%s: %s probe is not GET %s on the ops port", where, name, path)
		}
	}
	probe("liveness", c.LivenessProbe, "/healthz")
	probe("readiness", c.ReadinessProbe, "/readyz")
	probe("startup", c.StartupProbe, "/healthz")
	var ops bool
	for _, p := range c.Ports {
		ops = ops || (p.Name == "ops" && p.ContainerPort == 9100)
	}
	if !ops {
		t.Errorf("%s: no ops port 9100", where)
	}
	var instance bool
	for _, e := range c.Env {
		if e.Name == "DOCKET_INSTANCE_ID" {
			instance = e.ValueFrom != nil && e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "metadata.name"
		}
	}
	if !instance {
		t.Errorf("%s: DOCKET_INSTANCE_ID is not the pod name", where)
	}
}

func checkPod(t *testing.T, where string, spec corev1.PodSpec, service bool) {
	t.Helper()
	psc := spec.SecurityContext
	if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser == 0 {
		t.Errorf("%s: pod does not run as non-root", where)
	}
	if spec.AutomountServiceAccountToken == nil || *spec.AutomountServiceAccountToken {
		t.Errorf("%s: service account token is mounted", where)
	}
	for _, c := range spec.InitContainers {
		checkContainer(t, where, c, false)
	}
	for _, c := range spec.Containers {
		checkContainer(t, where, c, service)
	}
}

// workload is a Deployment or StatefulSet reduced to what the checks need.
type workload struct {
	name, component string
	podLabels       map[string]string
	selector        map[string]string
	spec            corev1.PodSpec
}

// check validates the objects of one rendering and returns its workloads.
func check(t *testing.T, objs []object) []workload {
	t.Helper()
	var (
		wls      []workload
		pdbs     []*policyv1.PodDisruptionBudget
		services []*corev1.Service
		policies []*networkingv1.NetworkPolicy
	)
	for _, o := range objs {
		where := o.Kind + " " + o.Name
		switch v := o.Obj.(type) {
		case *appsv1.Deployment:
			wls = append(wls, workload{v.Name, v.Labels["app.kubernetes.io/component"], v.Spec.Template.Labels, v.Spec.Selector.MatchLabels, v.Spec.Template.Spec})
		case *appsv1.StatefulSet:
			if v.Spec.ServiceName == "" {
				t.Errorf("%s: no serviceName", where)
			}
			wls = append(wls, workload{v.Name, v.Labels["app.kubernetes.io/component"], v.Spec.Template.Labels, v.Spec.Selector.MatchLabels, v.Spec.Template.Spec})
		case *batchv1.Job:
			checkPod(t, where, v.Spec.Template.Spec, false)
			if v.Annotations["helm.sh/hook"] != "pre-install,pre-upgrade" {
				t.Errorf("%s: hook %q, want pre-install,pre-upgrade", where, v.Annotations["helm.sh/hook"])
			}
			var steps []string
			for _, c := range append(v.Spec.Template.Spec.InitContainers, v.Spec.Template.Spec.Containers...) {
				steps = append(steps, strings.Join(c.Args, " "))
			}
			want := "admin topics apply, admin schemas apply"
			for _, c := range v.Spec.Template.Spec.InitContainers {
				for _, e := range c.Env {
					if e.Name == "DOCKET_KAFKA_SASL_USERNAME" { // with principals, the Job grants each its ACLs
						want = "admin topics apply, admin acls apply, admin schemas apply"
					}
				}
			}
			if got := strings.Join(steps, ", "); got != want {
				t.Errorf("%s: steps %q, want %q", where, got, want)
			}
		case *policyv1.PodDisruptionBudget:
			pdbs = append(pdbs, v)
		case *networkingv1.NetworkPolicy:
			policies = append(policies, v)
		case *corev1.Service:
			services = append(services, v)
		case *corev1.ConfigMap:
			for k, val := range v.Data {
				checkPlainValue(t, where, k, val)
			}
		case *scaledObject:
			if len(v.Spec.Triggers) == 0 {
				t.Errorf("%s: no triggers", where)
			}
			want := "docket-" + v.Metadata.Labels["app.kubernetes.io/component"]
			for _, tr := range v.Spec.Triggers {
				if tr.Type != "kafka" || tr.Metadata["consumerGroup"] != want || tr.Metadata["topic"] == "" || tr.Metadata["bootstrapServers"] == "" {
					t.Errorf("%s: trigger %+v: want kafka on group %s with a topic", where, tr, want)
				}
			}
		case *serviceMonitor:
			if len(v.Spec.Endpoints) != 1 || v.Spec.Endpoints[0].Port != "ops" || v.Spec.Endpoints[0].Path != "/metrics" {
				t.Errorf("%s: endpoints %+v, want ops /metrics", where, v.Spec.Endpoints)
			}
		}
	}
	for _, w := range wls {
		where := "workload " + w.name
		checkPod(t, where, w.spec, true)
		if !labels.SelectorFromSet(w.selector).Matches(labels.Set(w.podLabels)) {
			t.Errorf("%s: selector %v does not match its pod labels %v", where, w.selector, w.podLabels)
		}
		var pdb int
		for _, p := range pdbs {
			if p.Spec.Selector != nil && labels.SelectorFromSet(p.Spec.Selector.MatchLabels).Matches(labels.Set(w.podLabels)) {
				pdb++
			}
		}
		if pdb != 1 {
			t.Errorf("%s: %d PodDisruptionBudgets select it, want 1", where, pdb)
		}
		var svc bool
		for _, s := range services {
			if len(s.Spec.Selector) > 0 && labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(w.podLabels)) {
				svc = true
				for _, p := range s.Spec.Ports {
					if !hasPort(w.spec, p.TargetPort.String()) {
						t.Errorf("Service %s: targetPort %s is not a port of %s", s.Name, p.TargetPort.String(), w.name)
					}
				}
			}
		}
		if !svc {
			t.Errorf("%s: no Service selects it", where)
		}
		checkSecurity(t, where, w, policies)
	}
	return wls
}

// secretModeMax is the loosest mode a mounted secret file may have.
const secretModeMax = 0o440

// checkSecurity (issue 15, findings 1 and 15): a NetworkPolicy admits
// ingress to the workload, every Secret is mounted read-only with mode
// 0440 or tighter, and a workload serving an API (an http port) is given
// its principals (a tokens or tenants file) unless DOCKET_INSECURE is set
// on purpose.
func checkSecurity(t *testing.T, where string, w workload, policies []*networkingv1.NetworkPolicy) {
	t.Helper()
	var np int
	for _, p := range policies {
		sel := labels.SelectorFromSet(p.Spec.PodSelector.MatchLabels)
		if len(p.Spec.PodSelector.MatchLabels) > 0 && sel.Matches(labels.Set(w.podLabels)) && slices.Contains(p.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) {
			np++
			for _, r := range p.Spec.Ingress {
				if len(r.From) == 0 {
					t.Errorf("%s: NetworkPolicy %s admits every peer on %v", where, p.Name, r.Ports)
				}
			}
		}
	}
	if np != 1 {
		t.Errorf("%s: %d ingress NetworkPolicies select it, want 1", where, np)
	}
	secretVolumes := map[string]bool{}
	for _, v := range w.spec.Volumes {
		if v.Secret == nil {
			continue
		}
		secretVolumes[v.Name] = true
		if v.Secret.DefaultMode == nil || *v.Secret.DefaultMode&^secretModeMax != 0 {
			t.Errorf("%s: Secret volume %s has mode %v, want 0440 or tighter", where, v.Name, v.Secret.DefaultMode)
		}
		for _, it := range v.Secret.Items {
			if it.Mode != nil && *it.Mode&^secretModeMax != 0 {
				t.Errorf("%s: Secret volume %s item %s has mode %o", where, v.Name, it.Key, *it.Mode)
			}
		}
	}
	env := map[string]string{}
	for _, c := range w.spec.Containers {
		for _, m := range c.VolumeMounts {
			if secretVolumes[m.Name] && !m.ReadOnly {
				t.Errorf("%s: Secret volume %s is mounted writable", where, m.Name)
			}
		}
		for _, e := range c.Env {
			env[e.Name] = e.Value
		}
	}
	if !hasPort(w.spec, "http") {
		return
	}
	var principals bool
	for name, v := range env {
		principals = principals || (strings.HasSuffix(name, "_TOKENS_FILE") || strings.HasSuffix(name, "_TENANTS_FILE")) && strings.HasPrefix(v, "/etc/docket/")
	}
	if !principals {
		t.Errorf("%s: serves an API but is given no principals file (tokens or tenants)", where)
	}
}

func hasPort(spec corev1.PodSpec, name string) bool {
	for _, c := range spec.Containers {
		for _, p := range c.Ports {
			if p.Name == name {
				return true
			}
		}
	}
	return false
}

func TestCharts(t *testing.T) {
	skipShort(t)
	buildDeps(t)
	prod := "charts/docket/values-production.yaml"
	type tc struct {
		name       string
		chart      string
		args       []string
		components []string // workloads expected, by component
		job        bool
	}
	withConsole := append(slices.Clone(services), consoleChart)
	var cases []tc
	for _, s := range services {
		cases = append(cases,
			tc{s + " default", s, nil, []string{s}, false},
			// The production example's global block (Kafka SASL/TLS, registry
			// auth, S3) applied to the standalone chart.
			tc{s + " production globals", s, []string{"-f", prod}, []string{s}, false},
		)
	}
	cases = append(cases,
		tc{"console default", consoleChart, nil, []string{consoleChart}, false},
		tc{"console production globals", consoleChart, []string{"-f", prod}, []string{consoleChart}, false},
		tc{"umbrella default", "docket", nil, withConsole, true},
		tc{"umbrella production", "docket", []string{"-f", prod}, withConsole, true},
		tc{"umbrella without the console", "docket", []string{"--set", "console.enabled=false"}, services, true},
		tc{"umbrella statefulsets and hpa", "docket", []string{"--set", "ocr.workload=StatefulSet,classifier.autoscaling.enabled=true,ingest.keda.enabled=true,ledger.serviceMonitor.enabled=true"}, withConsole, true},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			chart := filepath.Join("charts", c.chart)
			if _, err := helm(t, append([]string{"lint", "--strict", chart}, c.args...)...); err != nil {
				t.Fatal(err)
			}
			out, err := helm(t, append([]string{"template", "rel", chart, "--namespace", "docket"}, c.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			objs := decode(t, out)
			wls := check(t, objs)
			var got []string
			for _, w := range wls {
				got = append(got, w.component)
			}
			if strings.Join(sorted(got), ",") != strings.Join(sorted(c.components), ",") {
				t.Errorf("workloads %v, want %v", got, c.components)
			}
			var jobs int
			for _, o := range objs {
				if o.Kind == "Job" {
					jobs++
				}
			}
			if (jobs == 1) != c.job || jobs > 1 {
				t.Errorf("%d setup Jobs, want job=%v", jobs, c.job)
			}
		})
	}
}

func sorted(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// TestChartsRefuse: settings that cannot work fail at template time.
func TestChartsRefuse(t *testing.T) {
	skipShort(t)
	buildDeps(t)
	tests := []struct {
		name, chart string
		set         string
		want        string
	}{
		{"ledger without signing key", "ledger", "secretFiles=null", "DOCKET_LEDGER_KEY_FILE"},
		{"file blobs without a shared claim", "ocr", "global.blob.persistentVolumeClaim=", "persistentVolumeClaim is empty"},
		{"hpa and keda", "classifier", "autoscaling.enabled=true,keda.enabled=true", "exclusive"},
		{"sasl without secret", "ingest", "global.kafka.sasl.mechanism=PLAIN", "global.kafka.sasl.secretName is required"},
		{"bad workload", "ocr", "workload=DaemonSet", `workload "DaemonSet"`},
		{"tracker API without principals", "sagatracker", "auth.tokensSecret.name=", "auth.tokensSecret.name is required"},
		{"exception API without principals", "exception", "auth.tokensSecret.name=", "auth.tokensSecret.name is required"},
		{"ledger API without principals", "ledger", "auth.tokensSecret.name=", "auth.tokensSecret.name is required"},
		{"console replicas without a shared session key", "console", "replicaCount=2", "needs auth.keySecret"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := helm(t, "template", "rel", filepath.Join("charts", tt.chart), "--set", tt.set)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("helm template --set %s: error %v, want one containing %q", tt.set, err, tt.want)
			}
		})
	}
}

// TestKafkaPrincipalPerService: with the production values every service
// connects to Kafka as its own principal, from a Secret of its own, so
// `docket admin acls apply` can grant each exactly its topics.
func TestKafkaPrincipalPerService(t *testing.T) {
	skipShort(t)
	buildDeps(t)
	out, err := helm(t, "template", "rel", filepath.Join("charts", "docket"), "--namespace", "docket", "-f", "charts/docket/values-production.yaml")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, w := range check(t, decode(t, out)) {
		for _, c := range w.spec.Containers {
			for _, e := range c.Env {
				if e.Name != "DOCKET_KAFKA_SASL_USERNAME" && e.Name != "DOCKET_KAFKA_SASL_PASSWORD" {
					continue
				}
				if e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
					t.Errorf("%s %s: %s not from a Secret", w.name, c.Name, e.Name)
					continue
				}
				if want := "docket-kafka-" + w.component; e.ValueFrom.SecretKeyRef.Name != want {
					t.Errorf("%s %s: %s from Secret %s, want %s", w.name, c.Name, e.Name, e.ValueFrom.SecretKeyRef.Name, want)
				}
				seen[w.component] = true
			}
		}
	}
	for _, s := range services {
		if !seen[s] {
			t.Errorf("%s: no Kafka credentials of its own", s)
		}
	}
}

// TestConsoleMonitoring: the console chart's PrometheusRule and Grafana
// dashboard render, and every alert and panel reads a metric Docket
// exposes.
func TestConsoleMonitoring(t *testing.T) {
	skipShort(t)
	buildDeps(t)
	out, err := helm(t, "template", "rel", filepath.Join("charts", consoleChart), "--namespace", "docket",
		"--set", "prometheusRule.enabled=true,grafanaDashboard.enabled=true,serviceMonitor.enabled=true")
	if err != nil {
		t.Fatal(err)
	}
	objs := decode(t, out)
	check(t, objs)
	metric := regexp.MustCompile(`docket_[a-z_]+`)
	var alerts, panels int
	for _, o := range objs {
		switch v := o.Obj.(type) {
		case *prometheusRule:
			for _, g := range v.Spec.Groups {
				for _, r := range g.Rules {
					alerts++
					if r.Alert == "" || !metric.MatchString(r.Expr) || r.Labels["severity"] == "" || r.Annotations["summary"] == "" {
						t.Errorf("rule %+v: want an alert name, a docket_ metric, a severity and a summary", r)
					}
				}
			}
		case *corev1.ConfigMap:
			body, ok := v.Data["docket-overview.json"]
			if !ok {
				continue
			}
			var d struct {
				Panels []struct {
					Title   string `json:"title"`
					Targets []struct {
						Expr string `json:"expr"`
					} `json:"targets"`
				} `json:"panels"`
			}
			if err := yaml.Unmarshal([]byte(body), &d); err != nil {
				t.Fatalf("dashboard JSON: %v", err)
			}
			for _, p := range d.Panels {
				panels++
				if len(p.Targets) == 0 || !metric.MatchString(p.Targets[0].Expr) {
					t.Errorf("panel %q reads no docket_ metric", p.Title)
				}
			}
		}
	}
	if alerts < 5 || panels < 6 {
		t.Errorf("%d alerts and %d dashboard panels, want at least 5 and 6", alerts, panels)
	}
}
