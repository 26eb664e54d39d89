package manifests

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// The parts of docker-compose.yml the checks read (`docker compose config`
// cannot run here: no compose tool).
type compose struct {
	Services map[string]struct {
		Image       string                                        `json:"image"`
		Build       *struct{ Context, Dockerfile, Target string } `json:"build"`
		Command     []string                                      `json:"command"`
		Environment map[string]string                             `json:"environment"`
		DependsOn   map[string]struct {
			Condition string `json:"condition"`
		} `json:"depends_on"`
		Healthcheck *struct {
			Test []string `json:"test"`
		} `json:"healthcheck"`
	} `json:"services"`
}

func TestCompose(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(root, "deploy", "docker-compose.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var c compose
	if err := yaml.Unmarshal(raw, &c); err != nil { // anchors and merge keys resolved
		t.Fatalf("parse docker-compose.yml: %v", err)
	}
	dockerfile, err := os.ReadFile(filepath.Join(root, "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	targets := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^FROM \S+ AS (\S+)$`).FindAllStringSubmatch(string(dockerfile), -1) {
		targets[m[1]] = true
	}
	infra := []string{"kafka", "schema-registry", "redis"}
	apps := []string{"ingest", "ocr", "classifier", "ledger", "sagatracker", "exception"}
	for _, name := range append(append(append([]string{}, infra...), "init"), apps...) {
		s, ok := c.Services[name]
		if !ok {
			t.Errorf("service %s missing", name)
			continue
		}
		if s.Image == "" && s.Build == nil {
			t.Errorf("%s: neither image nor build", name)
		}
		if s.Build != nil && !targets[s.Build.Target] {
			t.Errorf("%s: build target %q is not a stage of deploy/Dockerfile", name, s.Build.Target)
		}
		if name != "init" && (s.Healthcheck == nil || len(s.Healthcheck.Test) < 2) {
			t.Errorf("%s: no health check", name)
		}
		for dep, d := range s.DependsOn {
			if _, ok := c.Services[dep]; !ok {
				t.Errorf("%s depends on unknown service %s", name, dep)
			}
			want := "service_healthy"
			if dep == "init" {
				want = "service_completed_successfully"
			}
			if d.Condition != want {
				t.Errorf("%s: depends on %s with %q, want %q", name, dep, d.Condition, want)
			}
		}
	}
	for _, name := range append([]string{"init"}, apps...) {
		s := c.Services[name]
		deps := []string{"kafka", "schema-registry"}
		if name != "init" {
			deps = append(deps, "redis", "init")
		}
		for _, d := range deps {
			if _, ok := s.DependsOn[d]; !ok {
				t.Errorf("%s does not wait for %s", name, d)
			}
		}
		if s.Environment["DOCKET_KAFKA_BROKERS"] != "kafka:9092" || s.Environment["DOCKET_SCHEMA_MODE"] != "verify" {
			t.Errorf("%s: environment %v", name, s.Environment)
		}
		if name != "init" {
			if s.Environment["DOCKET_OPS_ADDR"] != "0.0.0.0:9100" || !strings.HasSuffix(strings.Join(s.Healthcheck.Test, " "), "http://127.0.0.1:9100/readyz") {
				t.Errorf("%s: ops address %q, health check %v", name, s.Environment["DOCKET_OPS_ADDR"], s.Healthcheck.Test)
			}
			if s.Environment["DOCKET_INSTANCE_ID"] == "" {
				t.Errorf("%s: no DOCKET_INSTANCE_ID", name)
			}
		}
	}
	if got := c.Services["ingest"].Environment["DOCKET_INGEST_ADDR"]; !strings.HasPrefix(got, "0.0.0.0:") {
		t.Errorf("ingest binds %q, want 0.0.0.0", got)
	}
	if got := strings.Join(c.Services["init"].Command, " "); !strings.Contains(got, "docket admin topics apply") || !strings.Contains(got, "docket admin schemas apply") {
		t.Errorf("init runs %q", got)
	}
	if got := strings.Join(c.Services["redis"].Command, " "); !strings.Contains(got, "--appendonly yes") {
		t.Errorf("redis runs %q, want AOF", got)
	}
	if roles := c.Services["kafka"].Environment["KAFKA_PROCESS_ROLES"]; !strings.Contains(roles, "controller") {
		t.Errorf("kafka process roles %q: want KRaft (broker,controller)", roles)
	}
}

// TestDockerfile: a lint of what matters (no hadolint here).
func TestDockerfile(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(root, "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	df := string(raw)
	for _, want := range []string{"CGO_ENABLED=0", "-trimpath", "tesseract-ocr tesseract-ocr-eng poppler-utils", "--no-install-recommends",
		// the languages the OCR service reads pages again in (DOCKET_OCR_DETECT_LANGUAGES)
		"tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-nld tesseract-ocr-por tesseract-ocr-swe tesseract-ocr-dan tesseract-ocr-pol",
		"tesseract-ocr-nor tesseract-ocr-ces tesseract-ocr-slk tesseract-ocr-tur tesseract-ocr-fin tesseract-ocr-hun tesseract-ocr-ron tesseract-ocr-isl tesseract-ocr-hrv tesseract-ocr-lav tesseract-ocr-lit tesseract-ocr-est tesseract-ocr-cat tesseract-ocr-slv tesseract-ocr-vie"} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	// Every final stage runs as the unprivileged user: split at FROM.
	stages := regexp.MustCompile(`(?m)^FROM `).Split(df, -1)[1:]
	finals := []string{"ingest", "ocr", "classifier", "ledger", "sagatracker", "exception", "docket"}
	var seen []string
	for _, st := range stages {
		head := strings.Fields(strings.SplitN(st, "\n", 2)[0])
		name := head[len(head)-1]
		if !slices.Contains(finals, name) {
			continue
		}
		seen = append(seen, name)
		if !strings.Contains(st, "ENTRYPOINT") {
			t.Errorf("stage %s has no ENTRYPOINT", name)
		}
		base := head[0]
		if base != "static" && !strings.Contains(st, "USER 65532:65532") {
			t.Errorf("stage %s does not switch to user 65532", name)
		}
	}
	if slices.Sort(seen); strings.Join(seen, ",") != "classifier,docket,exception,ingest,ledger,ocr,sagatracker" {
		t.Errorf("final stages %v", seen)
	}
	if !regexp.MustCompile(`(?s)AS static\n.*USER 65532:65532`).MatchString(df) {
		t.Error("the static base stage does not switch to user 65532")
	}
	// Every module of go.work has its go.mod (and go.sum, when it has
	// dependencies) copied before go mod download.
	work, err := os.ReadFile(filepath.Join(root, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^\s+\./(\S+)$`).FindAllStringSubmatch(string(work), -1) {
		want := "COPY " + m[1] + "/go.mod " + m[1] + "/go.sum " + m[1] + "/"
		if _, err := os.Stat(filepath.Join(root, m[1], "go.sum")); errors.Is(err, fs.ErrNotExist) {
			want = "COPY " + m[1] + "/go.mod " + m[1] + "/" // no dependencies, no go.sum
		}
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile does not copy the module files of %s (a go.work module): want %q", m[1], want)
		}
	}
}
