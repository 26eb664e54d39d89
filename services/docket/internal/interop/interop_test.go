package interop

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/services/docket/internal/acls"
	"github.com/docket-run/docket/services/docket/internal/samples"
)

// The services the test runs; each has the consumer group docket-<name>
// and the transactional id docket-<name>-<instance>.
var services = []string{"ingest", "ocr", "classifier", "ledger"}

const (
	instance = "interop"
	tenant   = "acme" // the README's snippets' tenant
	// requestSecret signs the outside clients' requests as acme's.
	requestSecret = "acme-request-secret-interop"
	// outsider is the SCRAM user the Python and JavaScript clients log in
	// as: a producer of requests with ACLs for nothing more.
	outsider = "scanner-gw"
	// outsideGroups prefixes the consumer groups outsider may use.
	outsideGroups = "scanner-gw-"
)

// result is what a client script prints: its request and what became of it.
type result struct {
	Client         string `json:"client"`
	EventID        string `json:"event_id"`
	IdempotencyKey string `json:"idempotency_key"`
	SchemaID       int    `json:"schema_id"`
	Partition      int32  `json:"partition"`
	Offset         int64  `json:"offset"`
	WorkflowID     string `json:"workflow_id"`
	Submitted      *struct {
		Meta struct {
			WorkflowID  string `json:"workflow_id"`
			TenantID    string `json:"tenant_id"`
			CausationID string `json:"causation_id"`
		} `json:"meta"`
		Document struct {
			SHA256    string `json:"sha256"`
			MediaType string `json:"media_type"`
		} `json:"document"`
	} `json:"submitted"`
	Recorded *struct {
		Meta struct {
			WorkflowID string `json:"workflow_id"`
		} `json:"meta"`
		LedgerTopic string `json:"ledger_topic"`
		RecordHash  string `json:"record_hash"`
		Sequence    int64  `json:"sequence"`
	} `json:"recorded"`
	Rejected json.RawMessage `json:"rejected"`
	Error    string          `json:"error"`
}

// TestOutsideClients runs the pipeline on the real cluster and, against
// it, the Confluent Python client, kafkajs and Kafka's own tools: each
// client submits a document over docket.document.requested (SASL_SSL,
// SCRAM-SHA-512, Avro through the registry with no auto-registration) and
// reads its workflow's ledger record back from docket.document.recorded,
// read_committed — once with the scripts under testdata, once with the
// README's Producers snippets; then the console consumer reads the
// recorded topic read_committed, the consumer-groups tool shows every
// service's group and lag, and the transactions tool lists every service's
// transactional id.
func TestOutsideClients(t *testing.T) {
	if testing.Short() {
		t.Skip("interop test runs a real Kafka cluster, the services as processes and Python and Node clients; skipped with -short")
	}
	for _, bin := range []string{"python3", "node", "npm", "java"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not found on PATH: .ci/run installs it (python3-venv, nodejs, npm, openjdk-17-jre-headless)", bin)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 14*time.Minute)
	defer cancel()
	began := time.Now()
	phase := func(what string) { t.Logf("%s after %s", what, time.Since(began).Round(100*time.Millisecond)) }

	// The clients first: the first install takes a minute, later ones a
	// moment (the cache holds them).
	deps := installClients(t, ctx)
	phase("clients installed")

	// Compile the services while the cluster starts.
	binDir := t.TempDir()
	built := make(chan error, 1)
	go func() { built <- buildServices(ctx, binDir) }()

	k := dockettest.NewRealKafka(t, 3, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	phase("cluster and registry ready")
	outsiderPassword := secret(t)
	grantOutsider(t, ctx, k, outsiderPassword)

	dir := t.TempDir()
	blobDir := filepath.Join(dir, "blobs")
	if err := os.MkdirAll(blobDir, 0o750); err != nil {
		t.Fatal(err)
	}
	if err := <-built; err != nil {
		t.Fatal(err)
	}
	phase("services built")
	startServices(t, k, regURL, dir, binDir, blobDir)
	phase("services ready")

	// The outside clients' settings; each adds its group.
	clientEnv := append(os.Environ(),
		"DOCKET_BOOTSTRAP="+strings.Join(k.Real.SASLBootstrap(), ","),
		"DOCKET_SASL_USERNAME="+outsider,
		"DOCKET_SASL_PASSWORD="+outsiderPassword,
		"DOCKET_CA_FILE="+k.Real.CAFile,
		"DOCKET_REGISTRY_URL="+regURL,
		"DOCKET_BLOB_DIR="+blobDir,
		"DOCKET_TENANT="+tenant,
		"DOCKET_REQUEST_SECRET="+requestSecret,
		"DOCKET_DOCUMENT="+testdata(t, "invoice.txt"),
		"DOCKET_SCHEMA_FILE="+latestSchemaFile(t, "document_requested"),
		"DOCKET_TIMEOUT_S=240",
	)
	versions, err := rc.Schemas(ctx, events.Subject(events.TopicRequested))
	if err != nil {
		t.Fatalf("versions of %s: %v", events.Subject(events.TopicRequested), err)
	}
	var ids []int
	for _, v := range versions {
		ids = append(ids, v.ID)
	}
	latestID := versions[len(versions)-1].ID

	// The README's snippets, as written but for addresses, secrets and
	// names: they run in dir, where ca.pem is the cluster's CA and
	// scan-0042.pdf a PDF the test dropped in acme's area of the blob store
	// beforehand.
	pdf, err := samples.Render(samples.Catalog[0]) // invoice-northwind.pdf, with a text layer
	if err != nil {
		t.Fatal(err)
	}
	ca, err := os.ReadFile(k.Real.CAFile)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"scan-0042.pdf": pdf, "ca.pem": ca} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	dockettest.DropBlob(t, blobDir, tenant, pdf, "application/pdf")
	snippets := map[string]*snippetRun{
		"python": {code: readmeSnippet(t, "python")},
		"js":     {code: readmeSnippet(t, "js")},
	}
	for lang, sn := range snippets {
		sep := "," // Python: one string; JavaScript: an array of strings
		if lang == "js" {
			sep = "', '"
		}
		sn.code = substitute(t, sn.code, lang, map[string]string{
			"kafka-1:9093":          strings.Join(k.Real.SASLBootstrap(), sep),
			"http://127.0.0.1:8081": regURL,
			"scanner-gw-results":    outsideGroups + "readme-" + lang,
			"scanner-gw/0042":       "scanner-gw/0042-" + lang,
		})
	}
	snippets["python"].code = regexp.MustCompile(`schemas/document_requested/v\d+\.avsc`).ReplaceAllLiteralString(
		fmt.Sprintf("PASSWORD = %q\nREQUEST_SECRET = %q.encode()\n", outsiderPassword, requestSecret)+snippets["python"].code, latestSchemaFile(t, "document_requested"))
	snippets["js"].code = fmt.Sprintf("(async () => {\nconst PASSWORD = %q\nconst REQUEST_SECRET = %q\n%s\n})().catch((err) => { console.error(err); process.exit(1) })\n",
		outsiderPassword, requestSecret, snippets["js"].code)

	// Both clients and both snippets at once: each waits mostly on the
	// pipeline.
	var (
		wg             sync.WaitGroup
		pyOut, jsOut   result
		pyErr, jsErr   error
		pyLog, jsLog   string
		pyTook, jsTook time.Duration
		start          = time.Now()
	)
	wg.Add(4)
	for lang, sn := range snippets {
		file := filepath.Join(dir, "readme-snippet."+map[string]string{"python": "py", "js": "js"}[lang])
		if err := os.WriteFile(file, []byte(sn.code), 0o600); err != nil {
			t.Fatal(err)
		}
		name, env := deps["python"], os.Environ()
		if lang == "js" {
			name, env = "node", slices.Concat(env, []string{"NODE_PATH=" + deps["node_path"]})
		}
		go func() {
			defer wg.Done()
			sn.line, sn.stderr, sn.err = runUntil(ctx, recordedLine, dir, env, name, file)
			sn.took = time.Since(start)
		}()
	}
	go func() {
		defer wg.Done()
		pyLog, pyErr = runClient(ctx, &pyOut, slices.Concat(clientEnv, []string{"DOCKET_GROUP=" + outsideGroups + "python"}),
			deps["python"], testdata(t, "python", "produce_and_follow.py"))
		pyTook = time.Since(start)
	}()
	go func() {
		defer wg.Done()
		jsLog, jsErr = runClient(ctx, &jsOut, slices.Concat(clientEnv, []string{"DOCKET_GROUP=" + outsideGroups + "js", "NODE_PATH=" + deps["node_path"]}),
			"node", testdata(t, "js", "produce-and-follow.js"))
		jsTook = time.Since(start)
	}()
	wg.Wait()
	phase("clients done")

	var workflows []string
	t.Run("confluent-kafka-python", func(t *testing.T) {
		checkResult(t, pyOut, pyErr, pyLog, ids)
		t.Logf("%s: request at %s[%d]@%d with schema id %d (registered versions' ids %v); workflow %s recorded as %s #%d in %s",
			pyOut.Client, events.TopicRequested, pyOut.Partition, pyOut.Offset, pyOut.SchemaID, ids, pyOut.WorkflowID, ledgerTopic(pyOut), sequence(pyOut), pyTook.Round(time.Second))
		workflows = append(workflows, pyOut.WorkflowID)
	})
	t.Run("kafkajs", func(t *testing.T) {
		checkResult(t, jsOut, jsErr, jsLog, ids)
		if jsOut.SchemaID != latestID {
			t.Errorf("kafkajs encoded with schema id %d, want the latest version's %d", jsOut.SchemaID, latestID)
		}
		t.Logf("%s: request at %s[%d]@%d with schema id %d (latest); workflow %s recorded as %s #%d in %s",
			jsOut.Client, events.TopicRequested, jsOut.Partition, jsOut.Offset, jsOut.SchemaID, jsOut.WorkflowID, ledgerTopic(jsOut), sequence(jsOut), jsTook.Round(time.Second))
		workflows = append(workflows, jsOut.WorkflowID)
	})
	for _, lang := range []string{"python", "js"} {
		t.Run("readme-"+lang, func(t *testing.T) {
			sn := snippets[lang]
			if sn.err != nil {
				t.Fatalf("the README's %s snippet: %v%s\nstderr:\n%s\ncode:\n%s", lang, sn.err, hint(sn.stderr), tail([]byte(sn.stderr), 4000), sn.code)
			}
			m := recordedLine.FindStringSubmatch(sn.line)
			t.Logf("the README's %s snippet printed %q in %s", lang, sn.line, sn.took.Round(time.Second))
			workflows = append(workflows, m[1])
		})
	}
	t.Run("kafka-tools", func(t *testing.T) { kafkaTools(t, ctx, k, dir, workflows) })
}

// recordedLine is what the README's snippets print at the end.
var recordedLine = regexp.MustCompile(`^([0-9a-f-]{36}) recorded as docket\.ledger \d+$`)

// snippetRun is one of the README's code snippets and how its run went.
type snippetRun struct {
	code, line, stderr string
	err                error
	took               time.Duration
}

// readmeSnippet returns the first fenced code block in lang of the
// README's Producers section.
func readmeSnippet(t *testing.T, lang string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Producers\n")
	if ok {
		section, _, _ = strings.Cut(section, "\n## ")
		if _, code, ok := strings.Cut(section, "\n```"+lang+"\n"); ok {
			if code, _, ok := strings.Cut(code, "\n```\n"); ok {
				return code + "\n"
			}
		}
	}
	t.Fatalf("README.md has no %s code block under ## Producers", lang)
	return ""
}

// substitute replaces each key of repl in code, failing when one is
// missing: the README's snippet changed and this test must follow it.
func substitute(t *testing.T, code, lang string, repl map[string]string) string {
	t.Helper()
	var pairs []string
	for old, new := range repl {
		if !strings.Contains(code, old) {
			t.Fatalf("the README's %s snippet no longer contains %q", lang, old)
		}
		pairs = append(pairs, old, new)
	}
	return strings.NewReplacer(pairs...).Replace(code)
}

// runUntil runs a program in dir until it prints a line matching want, then
// stops it, and returns that line and its standard error.
func runUntil(ctx context.Context, want *regexp.Regexp, dir string, env []string, name string, args ...string) (string, string, error) {
	cctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(cctx, name, args...)
	cmd.Dir, cmd.Env, cmd.Stderr = dir, env, &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", "", err
	}
	if err := cmd.Start(); err != nil {
		return "", "", err
	}
	var printed []string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if want.MatchString(line) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return line, stderr.String(), nil
		}
		printed = append(printed, line)
	}
	err = cmd.Wait()
	return "", stderr.String(), fmt.Errorf("%s ended (%v) without printing a line like %s; it printed %q", filepath.Base(args[len(args)-1]), err, want, printed)
}

// installClients runs testdata/deps.sh and returns what it printed
// (python=…, node_path=…).
func installClients(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(cctx, "bash", testdata(t, "deps.sh"))
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("install the outside clients (testdata/deps.sh): %v\n%s", err, stderr.String())
	}
	deps := map[string]string{}
	for line := range strings.Lines(string(out)) {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			deps[k] = v
		}
	}
	if deps["python"] == "" || deps["node_path"] == "" {
		t.Fatalf("testdata/deps.sh printed %q, want python=… and node_path=…", out)
	}
	return deps
}

// grantOutsider creates the outside producer's SCRAM user and gives it
// only what a producer of requests needs: write the request topic, read
// the topics that answer it, with groups of its own prefix.
func grantOutsider(t *testing.T, ctx context.Context, k *dockettest.Kafka, password string) {
	t.Helper()
	if err := k.Real.UpsertUsers(ctx, map[string]string{outsider: password}); err != nil {
		t.Fatal(err)
	}
	adm, err := k.Real.Admin()
	if err != nil {
		t.Fatal(err)
	}
	defer adm.Close()
	principal := "User:" + outsider
	for _, b := range []*kadm.ACLBuilder{
		kadm.NewACLs().Allow(principal).AllowHosts().Topics(events.TopicRequested).Operations(kadm.OpWrite, kadm.OpDescribe),
		kadm.NewACLs().Allow(principal).AllowHosts().Topics(events.TopicSubmitted, events.TopicRejected, events.TopicRecorded).Operations(kadm.OpRead, kadm.OpDescribe),
		kadm.NewACLs().Allow(principal).AllowHosts().Groups(outsideGroups).ResourcePatternType(kadm.ACLPatternPrefixed).Operations(kadm.OpRead, kadm.OpDescribe),
	} {
		res, err := adm.CreateACLs(ctx, b)
		if err != nil {
			t.Fatalf("create ACLs: %v", err)
		}
		for _, r := range res {
			if r.Err != nil {
				t.Fatalf("create ACL %s %s %s: %v", r.Type, r.Name, r.Operation, r.Err)
			}
		}
	}
}

// servicePrincipals gives each service its own SCRAM principal with
// exactly the ACLs `docket admin acls apply` grants, and returns each one's
// Kafka environment.
func servicePrincipals(t *testing.T, k *dockettest.Kafka) map[string][]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, users := map[string][]string{}, map[string]string{}
	for _, svc := range events.Services() {
		users["docket-"+svc] = secret(t)
		out[svc] = k.Env("docket-"+svc, users["docket-"+svc])
	}
	if err := k.Real.UpsertUsers(ctx, users); err != nil {
		t.Fatal(err)
	}
	adm, err := k.Real.Admin()
	if err != nil {
		t.Fatal(err)
	}
	defer adm.Close()
	if _, err := acls.Apply(ctx, adm, acls.Bindings(acls.Grants(func(svc string) string { return "User:docket-" + svc })), false); err != nil {
		t.Fatalf("apply ACLs: %v", err)
	}
	return out
}

// buildServices compiles the services into dir with one go build, which
// shares the work of their common packages.
func buildServices(ctx context.Context, dir string) error {
	args := []string{"build", "-o", dir + string(os.PathSeparator)}
	for _, svc := range services {
		args = append(args, "github.com/docket-run/docket/services/"+svc+"/cmd/"+svc)
	}
	out, err := exec.CommandContext(ctx, "go", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("go build the services: %w\n%s", err, out)
	}
	return nil
}

// startServices runs ingest, ocr, classifier and ledger as processes on the
// cluster's SASL_SSL listener, each as its own principal, and waits until
// each is ready.
func startServices(t *testing.T, k *dockettest.Kafka, regURL, dir, binDir, blobDir string) {
	t.Helper()
	keySum := sha256.Sum256([]byte("demo-key"))
	tenants := fmt.Sprintf(`[{"id":%q,"api_key_sha256":"%x","rate_per_s":100,"burst":100,"request_secrets":[%q]}]`, tenant, keySum, requestSecret)
	if err := os.WriteFile(filepath.Join(dir, "tenants.json"), []byte(tenants), 0o600); err != nil {
		t.Fatal(err)
	}
	rs := dockettest.Redis(t)
	principals := servicePrincipals(t, k)
	env := append([]string{},
		"DOCKET_INGEST_TENANTS_FILE="+filepath.Join(dir, "tenants.json"),
		"DOCKET_SCHEMA_REGISTRY_URL="+regURL,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+rs.Addr()+"/0",
		"DOCKET_BLOB_URL=file://"+blobDir,
		"DOCKET_INSTANCE_ID="+instance,
		"DOCKET_LOG_LEVEL=info",
		"DOCKET_INGEST_ADDR="+dockettest.FreeAddr(t),
		"DOCKET_LEDGER_ADDR="+dockettest.FreeAddr(t),
		"DOCKET_LEDGER_DEV_KEY_DIR="+filepath.Join(dir, "ledger"),
	)
	ops := map[string]string{}
	for _, svc := range services {
		bin := filepath.Join(binDir, svc)
		logPath := filepath.Join(dir, svc+".log")
		ops[svc] = dockettest.FreeAddr(t)
		svcEnv := append(append(slices.Clone(env), principals[svc]...), "DOCKET_OPS_ADDR="+ops[svc])
		dockettest.StartProcess(t, bin, logPath, svcEnv...)
		t.Cleanup(func() {
			if t.Failed() {
				b, _ := os.ReadFile(logPath)
				t.Logf("%s log (tail):\n%s", svc, tail(b, 3000))
			}
		})
	}
	// Ready: consumer group joined, Redis and the registry answer.
	deadline := time.Now().Add(4 * time.Minute)
	for _, svc := range services {
		for {
			code, body := get("http://" + ops[svc] + "/readyz")
			if code == http.StatusOK {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not ready after 4 minutes: /readyz answers %d %s", svc, code, body)
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
}

func get(url string) (int, string) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 2000))
	return resp.StatusCode, strings.TrimSpace(string(b))
}

// runClient runs a client script, decodes the JSON it prints into out and
// returns its standard error.
func runClient(ctx context.Context, out *result, env []string, name string, args ...string) (string, error) {
	cctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(cctx, name, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stderr.String(), fmt.Errorf("%s: %w; stdout: %s", filepath.Base(args[len(args)-1]), err, tail(stdout.Bytes(), 2000))
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), out); err != nil {
		return stderr.String(), fmt.Errorf("decode the client's result %q: %w", tail(stdout.Bytes(), 2000), err)
	}
	return stderr.String(), nil
}

// checkResult asserts that a client's request became a workflow, submitted
// by ingest in answer to it and recorded by the ledger.
func checkResult(t *testing.T, r result, err error, stderr string, schemaIDs []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("%v%s\nstderr:\n%s", err, hint(stderr), tail([]byte(stderr), 4000))
	}
	if len(r.Rejected) > 0 {
		t.Fatalf("%s: ingest rejected the request: %s", r.Client, r.Rejected)
	}
	if r.Error != "" || r.Submitted == nil || r.Recorded == nil {
		t.Fatalf("%s: %s (submitted %v, recorded %v)%s\nstderr:\n%s", r.Client, r.Error, r.Submitted != nil, r.Recorded != nil, hint(stderr), tail([]byte(stderr), 4000))
	}
	if !slices.Contains(schemaIDs, r.SchemaID) {
		t.Errorf("%s: request written with schema id %d, not one of %s's %v", r.Client, r.SchemaID, events.Subject(events.TopicRequested), schemaIDs)
	}
	s := r.Submitted
	if s.Meta.CausationID != r.EventID || s.Meta.TenantID != tenant || s.Meta.WorkflowID != r.WorkflowID {
		t.Errorf("%s: submitted event %+v; want caused by %s, tenant %s, workflow %s", r.Client, s.Meta, r.EventID, tenant, r.WorkflowID)
	}
	if s.Document.MediaType != "text/plain" || len(s.Document.SHA256) != 64 {
		t.Errorf("%s: submitted document %+v; want text/plain with its SHA-256", r.Client, s.Document)
	}
	rec := r.Recorded
	if rec.Meta.WorkflowID != r.WorkflowID || rec.LedgerTopic != events.TopicLedger || rec.Sequence < 1 || len(rec.RecordHash) != 64 {
		t.Errorf("%s: recorded event %+v; want workflow %s on %s with a sequence and a SHA-256 record hash", r.Client, *rec, r.WorkflowID, events.TopicLedger)
	}
}

// hint names what a client's failure most likely lacks on Docket's side.
func hint(stderr string) string {
	switch {
	case strings.Contains(stderr, "40403"):
		return " (the registry answered 40403 to a lookup of the released schema as another client spells it: it must match schemas by their parsed form, not their text)"
	case strings.Contains(stderr, "compression not implemented"):
		return " (kafkajs decodes only gzip itself: Docket's producers must compress with none or gzip, DOCKET_COMPRESSION's default being none)"
	}
	return ""
}

func ledgerTopic(r result) string {
	if r.Recorded == nil {
		return ""
	}
	return r.Recorded.LedgerTopic
}

func sequence(r result) int64 {
	if r.Recorded == nil {
		return 0
	}
	return r.Recorded.Sequence
}

// kafkaTools runs Kafka's own tools, from the jars the cluster runs, as an
// operator (the admin user on the SASL_SSL listener).
func kafkaTools(t *testing.T, ctx context.Context, k *dockettest.Kafka, dir string, workflows []string) {
	props := filepath.Join(dir, "admin.properties")
	conf := strings.Join([]string{
		"security.protocol=SASL_SSL",
		"sasl.mechanism=SCRAM-SHA-512",
		fmt.Sprintf(`sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="%s" password="%s";`, k.Real.AdminUser, k.Real.AdminPassword),
		"ssl.truststore.type=PEM",
		"ssl.truststore.location=" + k.Real.CAFile,
		"",
	}, "\n")
	if err := os.WriteFile(props, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	bootstrap := strings.Join(k.Real.SASLBootstrap(), ",")
	tool := func(class string, args ...string) (string, string, error) {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		defer cancel()
		jvm := []string{"-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", strings.TrimSuffix(k.Real.Jars, "/") + "/*", class}
		var stdout, stderr bytes.Buffer
		cmd := exec.CommandContext(cctx, k.Real.Java, append(jvm, args...)...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.String(), stderr.String(), err
	}

	// A tool can give up on the cluster before it answers when the
	// machine is loaded (three JVMs starting beside three brokers on two
	// cores: in one CI rehearsal the console consumer read nothing and
	// the groups tool found no broker, and both passed when run again).
	// A run that did not show what is looked for is run again, at most
	// twice; the subtests judge the last run.
	retried := func(done func(out string, err error) bool, class string, args ...string) (string, string, error) {
		var out, errOut string
		var err error
		for attempt := 1; ; attempt++ {
			out, errOut, err = tool(class, args...)
			if done(out, err) || attempt == 3 || ctx.Err() != nil {
				return out, errOut, err
			}
			t.Logf("%s, run %d, will run again: %v\n%s", class[strings.LastIndex(class, ".")+1:], attempt, err, tail([]byte(out+errOut), 600))
			time.Sleep(5 * time.Second)
		}
	}

	// The three at once: each is mostly a JVM starting.
	var wg sync.WaitGroup
	var consoleOut, consoleErr, groupsOut, groupsErr, txnsOut, txnsErr string
	var consoleFail, groupsFail, txnsFail error
	wg.Add(3)
	go func() {
		defer wg.Done()
		consoleOut, consoleErr, consoleFail = retried(func(out string, _ error) bool {
			keys := printedKeys(out)
			return len(workflows) > 0 && !slices.ContainsFunc(workflows, func(wf string) bool { return !keys[wf] })
		}, "org.apache.kafka.tools.consumer.ConsoleConsumer",
			"--bootstrap-server", bootstrap, "--consumer.config", props,
			"--topic", events.TopicRecorded, "--from-beginning", "--isolation-level", "read_committed",
			"--property", "print.key=true", "--property", "key.separator=|",
			"--timeout-ms", "20000") // every record, until none came for 20s
	}()
	go func() {
		defer wg.Done()
		groupsOut, groupsErr, groupsFail = retried(func(out string, err error) bool {
			lag, perr := parseGroups(out)
			return err == nil && perr == nil && !slices.ContainsFunc(services, func(svc string) bool { _, ok := lag["docket-"+svc]; return !ok })
		}, "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
			"--bootstrap-server", bootstrap, "--command-config", props, "--describe", "--all-groups")
	}()
	go func() {
		defer wg.Done()
		txnsOut, txnsErr, txnsFail = retried(func(out string, err error) bool {
			return err == nil && strings.Contains(out, "TransactionalId")
		}, "org.apache.kafka.tools.TransactionsCommand",
			"--bootstrap-server", bootstrap, "--command-config", props, "list")
	}()
	wg.Wait()

	t.Run("console-consumer", func(t *testing.T) {
		if len(workflows) == 0 {
			t.Fatal("neither client got a workflow recorded: nothing to look for on " + events.TopicRecorded)
		}
		// It ends its run of --timeout-ms with a TimeoutException, and
		// some versions exit non-zero for it.
		if consoleFail != nil && !strings.Contains(consoleErr, "Processed a total of") {
			t.Fatalf("kafka-console-consumer: %v\n%s\n%s", consoleFail, consoleOut, tail([]byte(consoleErr), 3000))
		}
		keys := printedKeys(consoleOut)
		for _, wf := range workflows {
			if !keys[wf] {
				t.Errorf("kafka-console-consumer --isolation-level read_committed printed no record keyed %s; keys %v", wf, keys)
			}
		}
		var processed string
		for line := range strings.Lines(consoleErr) {
			if strings.Contains(line, "Processed a total of") {
				processed = strings.TrimSpace(line)
			}
		}
		t.Logf("kafka-console-consumer --isolation-level read_committed %s: %s", events.TopicRecorded, processed)
	})

	t.Run("consumer-groups", func(t *testing.T) {
		if groupsFail != nil {
			t.Fatalf("kafka-consumer-groups: %v\n%s\n%s", groupsFail, groupsOut, tail([]byte(groupsErr), 3000))
		}
		lag, err := parseGroups(groupsOut)
		if err != nil {
			t.Fatalf("kafka-consumer-groups --describe --all-groups: %v\n%s", err, groupsOut)
		}
		for _, svc := range services {
			group := "docket-" + svc
			l, ok := lag[group]
			if !ok {
				t.Errorf("kafka-consumer-groups --describe --all-groups shows no group %s\n%s", group, groupsOut)
				continue
			}
			t.Logf("kafka-consumer-groups: %s: %d partition(s), lag %d", group, l.partitions, l.lag)
		}
	})

	t.Run("transactions", func(t *testing.T) {
		if txnsFail != nil {
			t.Fatalf("kafka-transactions list: %v\n%s\n%s", txnsFail, txnsOut, tail([]byte(txnsErr), 3000))
		}
		var ids []string
		for line := range strings.Lines(txnsOut) {
			if f := strings.Fields(line); len(f) > 0 && f[0] != "TransactionalId" {
				ids = append(ids, f[0])
			}
		}
		for _, svc := range services {
			id := "docket-" + svc + "-" + instance
			if !slices.Contains(ids, id) {
				t.Errorf("kafka-transactions list shows no %s; it lists %v\n%s", id, ids, txnsOut)
			}
		}
		t.Logf("kafka-transactions list: %s", strings.Join(ids, ", "))
	})
}

// printedKeys are the record keys the console consumer printed (print.key
// with key.separator=|).
func printedKeys(out string) map[string]bool {
	keys := map[string]bool{}
	for line := range strings.Lines(out) {
		if key, _, ok := strings.Cut(line, "|"); ok {
			keys[key] = true
		}
	}
	return keys
}

type groupLag struct {
	partitions int
	lag        int64
}

var spaces = regexp.MustCompile(`\s+`)

// parseGroups reads kafka-consumer-groups --describe output: per group, a
// header line naming the columns (GROUP … LAG …) and a line per partition.
func parseGroups(out string) (map[string]groupLag, error) {
	res := map[string]groupLag{}
	var cols []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := spaces.Split(strings.TrimSpace(sc.Text()), -1)
		if len(f) == 0 || f[0] == "" {
			continue
		}
		if f[0] == "GROUP" {
			cols = f
			if !slices.Contains(cols, "LAG") {
				return nil, fmt.Errorf("header %q has no LAG column", sc.Text())
			}
			continue
		}
		if cols == nil || len(f) < slices.Index(cols, "LAG")+1 {
			continue
		}
		g := res[f[0]]
		g.partitions++
		if n, err := strconv.ParseInt(f[slices.Index(cols, "LAG")], 10, 64); err == nil {
			g.lag += n
		}
		res[f[0]] = g
	}
	if cols == nil {
		return nil, fmt.Errorf("no GROUP header")
	}
	return res, nil
}

// testdata returns the absolute path of a file under testdata/.
func testdata(t *testing.T, elem ...string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join(append([]string{"testdata"}, elem...)...))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// latestSchemaFile returns the highest released version of an event's
// schema (schemas/<event>/vN.avsc), the file an outside producer is given.
func latestSchemaFile(t *testing.T, event string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "..", "schemas", event, "v*.avsc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no released schema for %s: %v", event, err)
	}
	version := func(f string) int {
		n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "v"), ".avsc"))
		return n
	}
	latest := slices.MaxFunc(files, func(a, b string) int { return version(a) - version(b) })
	p, err := filepath.Abs(latest)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func secret(t *testing.T) string {
	t.Helper()
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
