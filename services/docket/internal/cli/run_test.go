package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/telemetry"
)

// TestEmbeddedAddrs: the runner posts its samples to, and prints, the
// addresses its services listen on, as the environment moves them.
func TestEmbeddedAddrs(t *testing.T) {
	tests := []struct {
		name                      string
		env                       map[string]string
		ingest, tracker, operator string
	}{
		{"defaults", nil, "http://127.0.0.1:8080", "127.0.0.1:9090", "http://127.0.0.1:8084"},
		{"moved", map[string]string{"DOCKET_INGEST_ADDR": "127.0.0.1:28080", "DOCKET_SAGATRACKER_ADDR": "127.0.0.1:29090", "DOCKET_EXCEPTION_ADDR": "127.0.0.1:28084"},
			"http://127.0.0.1:28080", "127.0.0.1:29090", "http://127.0.0.1:28084"},
		{"every interface", map[string]string{"DOCKET_INGEST_ADDR": ":18080", "DOCKET_SAGATRACKER_ADDR": "0.0.0.0:19090", "DOCKET_EXCEPTION_ADDR": "[::]:18084"},
			"http://127.0.0.1:18080", "127.0.0.1:19090", "http://127.0.0.1:18084"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []string{"DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR"} {
				t.Setenv(k, tt.env[k])
			}
			a := embeddedAddrs()
			if a.ingest != tt.ingest || a.tracker != tt.tracker || a.exception != tt.operator {
				t.Errorf("embeddedAddrs() = %+v, want ingest %s, tracker %s, exception %s", a, tt.ingest, tt.tracker, tt.operator)
			}
		})
	}
}

// TestRunLayout: docket run's addresses come from its flags, else the
// services' environment variables, else the defaults moved by
// --port-offset; the six metrics servers take consecutive ports; two
// services on one address are refused.
func TestRunLayout(t *testing.T) {
	for _, k := range []string{"DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR", "DOCKET_LEDGER_ADDR", "DOCKET_OPS_ADDR"} {
		t.Setenv(k, "")
	}
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want string // kafka registry ingest tracker exception ledger, then the metrics addresses in metricsOrder
		err  string
	}{
		{"defaults", nil, nil,
			"127.0.0.1:9092 127.0.0.1:8081 127.0.0.1:8080 127.0.0.1:9090 127.0.0.1:8084 127.0.0.1:8083 | 127.0.0.1:9101 127.0.0.1:9102 127.0.0.1:9103 127.0.0.1:9104 127.0.0.1:9105 127.0.0.1:9106", ""},
		{"offset", []string{"--port-offset", "1000"}, nil,
			"127.0.0.1:10092 127.0.0.1:9081 127.0.0.1:9080 127.0.0.1:10090 127.0.0.1:9084 127.0.0.1:9083 | 127.0.0.1:10101 127.0.0.1:10102 127.0.0.1:10103 127.0.0.1:10104 127.0.0.1:10105 127.0.0.1:10106", ""},
		{"flags and environment win over the offset", []string{"--port-offset", "1000", "--ingest", "127.0.0.1:18080", "--metrics", "0.0.0.0:19100"},
			map[string]string{"DOCKET_SAGATRACKER_ADDR": "127.0.0.1:29090"},
			"127.0.0.1:10092 127.0.0.1:9081 127.0.0.1:18080 127.0.0.1:29090 127.0.0.1:9084 127.0.0.1:9083 | 0.0.0.0:19100 0.0.0.0:19101 0.0.0.0:19102 0.0.0.0:19103 0.0.0.0:19104 0.0.0.0:19105", ""},
		{"clash", []string{"--ingest", "127.0.0.1:9104"}, nil, "", "ingest and ledger metrics both listen on 127.0.0.1:9104"},
		{"bad address", []string{"--tracker", "9090"}, nil, "", `--tracker "9090"`},
		{"bad offset", []string{"--port-offset", "-1"}, nil, "", "--port-offset -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			fs := flag.NewFlagSet("run", flag.ContinueOnError)
			kafka, registry := fs.String("kafka", "", ""), fs.String("registry", "", "")
			p := runPortFlags(fs)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			l, err := p.layout(*kafka, *registry)
			if tt.err != "" {
				if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want a usage error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := []string{l.kafka, l.registry, l.ingest, l.tracker, l.exception, l.ledger, "|"}
			for _, name := range metricsOrder {
				got = append(got, l.ops[name])
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("layout\n got %s\nwant %s", strings.Join(got, " "), tt.want)
			}
		})
	}
}

// layoutOf parses docket run's address flags args and returns the layout.
func layoutOf(t *testing.T, args ...string) runLayout {
	t.Helper()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	p := runPortFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	l, err := p.layout("", "")
	if err != nil {
		t.Fatalf("layout: %v", err)
	}
	return l
}

// TestRunLayoutFreeMetricsPorts: --metrics with port 0 gives each service
// a free port of its own, known before it starts (for the banner).
func TestRunLayoutFreeMetricsPorts(t *testing.T) {
	t.Setenv("DOCKET_OPS_ADDR", "")
	l := layoutOf(t, "--metrics", "127.0.0.1:0")
	seen := map[string]bool{}
	for _, name := range metricsOrder {
		a := l.ops[name]
		host, port, err := net.SplitHostPort(a)
		if err != nil || host != "127.0.0.1" || port == "0" || seen[a] {
			t.Errorf("%s metrics on %q (%v), want a port of its own", name, a, err)
		}
		seen[a] = true
	}
}

// TestMakeRunPorts: make run turns its port variables into docket run's
// flags, which lay the suite out on them. It execs a built docket, not
// `go run`, which reports an interrupted child as exit status 1: Ctrl-C
// then made make print "Error 1" after a clean stop.
func TestMakeRunPorts(t *testing.T) {
	for _, k := range []string{"DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR", "DOCKET_LEDGER_ADDR", "DOCKET_OPS_ADDR"} {
		t.Setenv(k, "")
	}
	out, err := exec.Command("make", "-n", "-C", "../../../..", "run", "INGEST_PORT=18080", "TRACKER_PORT=19090", "METRICS_PORT=19200", "PORT_OFFSET=500", "RUN_FLAGS=--samples=false").CombinedOutput()
	if err != nil {
		t.Fatalf("make -n run: %v\n%s", err, out)
	}
	t.Logf("make -n run ...: %s", out)
	var cmd string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "/bin/docket run ") {
			cmd = l
		}
	}
	_, after, ok := strings.Cut(cmd, "/bin/docket run ")
	if !ok || strings.Contains(cmd, " run ./cmd/docket") || !strings.Contains(cmd, "exec ") {
		t.Fatalf("no exec of a built docket run in:\n%s", out)
	}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.String("data", "", "")
	fs.Bool("samples", true, "")
	kafka, registry := fs.String("kafka", "", ""), fs.String("registry", "", "")
	p := runPortFlags(fs)
	if err := fs.Parse(strings.Fields(after)); err != nil {
		t.Fatalf("docket run would refuse %q: %v", after, err)
	}
	l, err := p.layout(*kafka, *registry)
	if err != nil {
		t.Fatal(err)
	}
	if l.ingest != "127.0.0.1:18080" || l.tracker != "127.0.0.1:19090" || l.kafka != "127.0.0.1:9592" || l.ops["ingest"] != "127.0.0.1:19200" || l.ops["sagatracker"] != "127.0.0.1:19205" {
		t.Errorf("make run lays the suite out as %+v", l)
	}
}

// consecutiveFree returns the first of n consecutive ports free on
// 127.0.0.1 now.
func consecutiveFree(t *testing.T, n int) int {
	t.Helper()
	for range 50 {
		base := 20000 + rand.IntN(40000)
		var ls []net.Listener
		for i := range n {
			l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(base+i)))
			if err != nil {
				break
			}
			ls = append(ls, l)
		}
		for _, l := range ls {
			_ = l.Close()
		}
		if len(ls) == n {
			return base
		}
	}
	t.Fatalf("no %d consecutive free ports", n)
	return 0
}

// TestRunBannerPrintsMetrics runs `docket run` (in-process, without the
// samples) on ports given by flags and checks that its banner names each
// service's metrics address and that each one serves /metrics there, and
// that DOCKET_LOG_FORMAT reaches the services' logs (an outside probe set
// it and got text: the runner had fixed its own).
func TestRunBannerPrintsMetrics(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole embedded suite; skipped with -short")
	}
	for _, k := range []string{"DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR", "DOCKET_LEDGER_ADDR", "DOCKET_OPS_ADDR",
		"DOCKET_TRACKER_ADDR", "DOCKET_INGEST_INBOX_DIR", "DOCKET_LEDGER_DEV_KEY_DIR", "DOCKET_LEDGER_CHECKPOINT_EXPORT", "DOCKET_INGEST_CALLBACK_ALLOW_NETS"} {
		t.Setenv(k, "")
	}
	t.Setenv("DOCKET_LOG_FORMAT", "json")
	free := func() string { return "127.0.0.1:" + strconv.Itoa(consecutiveFree(t, 1)) }
	base := consecutiveFree(t, len(metricsOrder))
	ingestAddr := free()
	dataDir := t.TempDir()
	args := []string{"run", "--data", dataDir, "--samples=false", "--log-level", "info", "--kafka", free(), "--registry", free(), "--ingest", ingestAddr,
		"--tracker", free(), "--exception", free(), "--ledger", free(), "--metrics", "127.0.0.1:" + strconv.Itoa(base)}
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan int, 1)
	go func() { done <- Main(ctx, args, &out, &out) }()
	stopped := false
	t.Cleanup(func() {
		cancel()
		if !stopped {
			select {
			case <-done:
			case <-time.After(60 * time.Second):
				t.Errorf("docket run did not stop within 60s")
			}
		}
	})
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(out.String(), "docket: running") {
		select {
		case code := <-done:
			stopped = true
			t.Fatalf("docket run ended with %d:\n%s", code, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("docket run not up within 2 minutes:\n%s", out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	banner := out.String()
	t.Logf("banner:\n%s", banner)
	// The banner comes once the APIs listen: a submission made the moment
	// it is read is not refused.
	for _, a := range []string{ingestAddr} {
		if c, err := net.DialTimeout("tcp", a, time.Second); err != nil {
			t.Errorf("%s refuses connections when the banner is printed: %v", a, err)
		} else {
			_ = c.Close()
		}
	}
	for i, name := range metricsOrder {
		url := fmt.Sprintf("http://127.0.0.1:%d/metrics", base+i)
		line := fmt.Sprintf("    %-13s %s\n", name, url)
		if !strings.Contains(banner, line) {
			t.Errorf("banner lacks %q", line)
			continue
		}
		for {
			resp, err := http.Get(url)
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				_ = resp.Body.Close()
				if resp.StatusCode == http.StatusOK && strings.Contains(string(b), "go_goroutines") {
					break
				}
				err = fmt.Errorf("%s: %.200s", resp.Status, b)
			}
			if time.Now().After(deadline) {
				t.Errorf("%s metrics at %s: %v", name, url, err)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	for _, svc := range []string{"ingest", "ocr", "classifier", "ledger", "exception", "sagatracker", "console"} {
		line := regexp.MustCompile(`\{"time":"[^"]+","level":"INFO","msg":"[^"]*","service":"` + svc + `"`)
		for !line.MatchString(out.String()) {
			if time.Now().After(deadline) {
				t.Errorf("no JSON log line of %s at info with DOCKET_LOG_FORMAT=json", svc)
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	if export := "--checkpoints file://" + filepath.Join(dataDir, "ledger", "checkpoints") + ")"; !strings.Contains(banner, export) {
		t.Errorf("banner's ledger verify lacks %q: the suite's checkpoint export", export)
	}
	if !strings.Contains(banner, "submit           curl -H 'Authorization: Bearer demo-key' -F file=@invoice.pdf http://"+ingestAddr+"/v1/documents") {
		t.Errorf("banner does not send submissions to --ingest %s", ingestAddr)
	}
	cancel()
	select {
	case code := <-done:
		stopped = true
		if code != 0 {
			t.Errorf("docket run ended with %d:\n%s", code, out.String())
		}
	case <-time.After(60 * time.Second):
		t.Errorf("docket run did not stop within 60s")
	}
}

// TestWaitListening: an address that accepts connections is waited for
// no longer; one that does not is returned once the limit passes.
func TestWaitListening(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	closedAddr := "127.0.0.1:" + strconv.Itoa(consecutiveFree(t, 1))
	if got := waitListening(t.Context(), time.Second, ln.Addr().String()); len(got) != 0 {
		t.Errorf("waitListening(listening) = %v, want none", got)
	}
	if got := waitListening(t.Context(), 200*time.Millisecond, ln.Addr().String(), closedAddr); !slices.Equal(got, []string{closedAddr}) {
		t.Errorf("waitListening = %v, want [%s]", got, closedAddr)
	}
}

// TestRunLayoutInEphemeralRange: a --port-offset that moves the suite's
// ports into the kernel's range for outgoing connections is named (found
// from outside: with offset 25000 the tracker's port was another
// program's connection, and the tracker could not listen); the default
// layout, and the README's offset of 1000, are not.
func TestRunLayoutInEphemeralRange(t *testing.T) {
	for _, env := range []string{"DOCKET_OPS_ADDR", "DOCKET_CONSOLE_ADDR", "DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR", "DOCKET_LEDGER_ADDR"} {
		t.Setenv(env, "")
	}
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{nil, nil},
		{[]string{"--port-offset", "1000"}, nil},
		{[]string{"--port-offset", "25000"}, []string{"127.0.0.1:34090"}},
	} {
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		p := runPortFlags(fs)
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		l, err := p.layout("", "")
		if err != nil {
			t.Fatal(err)
		}
		got := l.inEphemeralRange("32768\t60999\n")
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("%v: in range %v, want %s among them", tt.args, got, w)
			}
		}
		if tt.want == nil && len(got) > 0 {
			t.Errorf("%v: in range %v, want none", tt.args, got)
		}
	}
	if got := (runLayout{tracker: "127.0.0.1:34090"}).inEphemeralRange("garbage"); got != nil {
		t.Errorf("an unreadable range named %v", got)
	}
}

// TestBannerHead: the banner says the suite is up only when every API
// accepts connections, and names those that do not.
func TestBannerHead(t *testing.T) {
	if got := bannerHead(nil); got != "docket: embedded suite up" {
		t.Errorf("bannerHead(none) = %q", got)
	}
	if got := bannerHead([]string{"127.0.0.1:34090"}); strings.Contains(got, " up") || !strings.Contains(got, "NOT accepting connections on 127.0.0.1:34090") {
		t.Errorf("bannerHead(tracker closed) = %q, want it named and no \"up\"", got)
	}
}

// TestRunLayoutConsole: the web console listens on 127.0.0.1:8088 and
// serves its metrics on the port after the services', both moved by
// --port-offset, and a console on another service's address is refused.
func TestRunLayoutConsole(t *testing.T) {
	for _, env := range []string{"DOCKET_OPS_ADDR", "DOCKET_CONSOLE_ADDR", "DOCKET_INGEST_ADDR", "DOCKET_SAGATRACKER_ADDR", "DOCKET_EXCEPTION_ADDR", "DOCKET_LEDGER_ADDR"} {
		t.Setenv(env, "")
	}
	for _, tt := range []struct {
		args                  []string
		console, ops, wantErr string
	}{
		{nil, "127.0.0.1:8088", "127.0.0.1:9107", ""},
		{[]string{"--port-offset", "1000"}, "127.0.0.1:9088", "127.0.0.1:10107", ""},
		{[]string{"--console", "127.0.0.1:8080"}, "", "", "both listen on 127.0.0.1:8080"},
	} {
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		p := runPortFlags(fs)
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		l, err := p.layout("", "")
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%v: error %v, want %q", tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil || l.console != tt.console || l.consoleOps != tt.ops || l.env()["DOCKET_CONSOLE_ADDR"] != tt.console {
			t.Errorf("%v: console %q metrics %q (%v), want %s and %s", tt.args, l.console, l.consoleOps, err, tt.console, tt.ops)
		}
	}
}

// TestRunLayoutFreePortNamedElsewhere: a free port offered for a metrics
// server that another listener was given by flag (a caller picked it free
// too) is picked again, not refused as a clash.
func TestRunLayoutFreePortNamedElsewhere(t *testing.T) {
	t.Setenv("DOCKET_OPS_ADDR", "")
	t.Setenv("DOCKET_CONSOLE_ADDR", "")
	offers := []int{34011, 34012, 34011, 34013, 34014, 34015, 34016, 34017, 34018}
	orig := reservePort
	reservePort = func(host string) (string, error) {
		p := offers[0]
		offers = offers[1:]
		return net.JoinHostPort(host, strconv.Itoa(p)), nil
	}
	t.Cleanup(func() { reservePort = orig })
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	p := runPortFlags(fs)
	if err := fs.Parse([]string{"--metrics", "127.0.0.1:0", "--console", "127.0.0.1:34011"}); err != nil {
		t.Fatal(err)
	}
	l, err := p.layout("", "")
	if err != nil {
		t.Fatalf("layout: %v", err)
	}
	seen := map[string]bool{l.console: true}
	for _, a := range append([]string{l.consoleOps}, func() []string {
		var out []string
		for _, name := range metricsOrder {
			out = append(out, l.ops[name])
		}
		return out
	}()...) {
		if seen[a] {
			t.Errorf("%s given twice: %v %s", a, l.ops, l.consoleOps)
		}
		seen[a] = true
	}
}

// TestRunLayoutHoldsPickedPorts: the metrics ports picked free are held
// bound from the moment they are picked until their servers start on them
// (found in a CI rehearsal: the tracker's metrics port, picked free and
// bound a second later, was taken in between, and the tracker restarted
// five times).
func TestRunLayoutHoldsPickedPorts(t *testing.T) {
	t.Setenv("DOCKET_OPS_ADDR", "")
	l := layoutOf(t, "--metrics", "127.0.0.1:0")
	addrs := []string{l.consoleOps}
	for _, name := range metricsOrder {
		addrs = append(addrs, l.ops[name])
	}
	for _, a := range addrs {
		if ln, err := net.Listen("tcp", a); err == nil {
			ln.Close()
			t.Errorf("%s was picked but not held: another socket could take it before its server starts", a)
		}
		srv := telemetry.NewServer()
		got, err := srv.Start(a)
		if err != nil {
			t.Errorf("the server for %s could not start on it: %v", a, err)
			continue
		}
		if got != a {
			t.Errorf("server listens on %s, want %s", got, a)
		}
		_ = srv.Shutdown(context.Background())
	}
}

// TestOperatorHint: the banner's CLI commands name the suite's addresses
// where a port offset moved them off the CLI's defaults (found from
// outside: with PORT_OFFSET the hint's commands asked the default ports).
func TestOperatorHint(t *testing.T) {
	def := operatorHint(serviceAddrs{ingest: "http://127.0.0.1:8080", tracker: "127.0.0.1:9090"})
	if strings.Contains(def, "--tracker") || strings.Contains(def, "--ingest") {
		t.Errorf("default addresses: %q, want no address flags", def)
	}
	moved := operatorHint(serviceAddrs{ingest: "http://127.0.0.1:12080", tracker: "127.0.0.1:13090"})
	for _, want := range []string{"docket submit --wait --ingest http://127.0.0.1:12080 --tracker 127.0.0.1:13090 FILE", "docket workflows list|watch --tracker 127.0.0.1:13090", "docket review list --tracker 127.0.0.1:13090", "docket stats --tracker 127.0.0.1:13090"} {
		if !strings.Contains(moved, want) {
			t.Errorf("offset addresses: %q, want %q in it", moved, want)
		}
	}
}

// TestLedgerRings: the banner's ledger verify names the key rings the
// embedded ledger trusts (found from outside: it named the development
// ring while the ledger signed with DOCKET_LEDGER_KEY_FILE's key).
func TestLedgerRings(t *testing.T) {
	t.Setenv("DOCKET_LEDGER_DEV_KEY_DIR", "/data/ledger")
	t.Setenv("DOCKET_LEDGER_KEY_FILE", "")
	t.Setenv("DOCKET_LEDGER_PUBLIC_KEYS", "")
	if got := ledgerRings(); got != "/data/ledger/ledger.pub" {
		t.Errorf("development key: %q", got)
	}
	t.Setenv("DOCKET_LEDGER_PUBLIC_KEYS", "/keys/old.pub, /keys/new.pub")
	if got := ledgerRings(); got != "/keys/old.pub,/keys/new.pub,/data/ledger/ledger.pub" {
		t.Errorf("development key and rings: %q", got)
	}
	t.Setenv("DOCKET_LEDGER_KEY_FILE", "/keys/ledger.key")
	if got := ledgerRings(); got != "/keys/old.pub,/keys/new.pub" {
		t.Errorf("a key file and its rings: %q", got)
	}
}

// TestRunRefusesOpenEmbeddedListeners: the embedded broker, registry and
// metrics ports have no authentication and stay on loopback unless
// DOCKET_INSECURE=true (found from outside: `--kafka 0.0.0.0:29092` let
// the network read every topic and write past the signed requests).
func TestRunRefusesOpenEmbeddedListeners(t *testing.T) {
	for _, c := range []struct {
		args     []string
		insecure string
		refused  string
	}{
		{nil, "", ""},
		{[]string{"--kafka", "0.0.0.0:29092"}, "", "--kafka 0.0.0.0:29092"},
		{[]string{"--registry", "192.0.2.2:29081"}, "", "--registry 192.0.2.2:29081"},
		{[]string{"--metrics", "0.0.0.0:29101"}, "", "--metrics 0.0.0.0:29101"},
		{[]string{"--kafka", "localhost:29092", "--metrics", "[::1]:29101"}, "", ""},
		{[]string{"--kafka", "0.0.0.0:29092"}, "true", ""},
	} {
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		kafka, registry := fs.String("kafka", "", ""), fs.String("registry", "", "")
		p := runPortFlags(fs)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		l, err := p.layout(*kafka, *registry)
		if err != nil {
			t.Fatal(err)
		}
		err = l.checkOpen(c.insecure)
		if c.refused == "" && err != nil || c.refused != "" && (err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), c.refused)) {
			t.Errorf("%v (DOCKET_INSECURE=%q): %v; want refused %q", c.args, c.insecure, err, c.refused)
		}
	}
}

// TestSubmitKeyWithATenantsFile: the banner's submit line offers the dev
// tenant's key only in the embedded mode; a tenants file replaces that
// tenant, and the line names one of the file's keys instead (found from
// outside: "demo-key" was offered and refused with 401).
func TestSubmitKeyWithATenantsFile(t *testing.T) {
	t.Setenv("DOCKET_INGEST_TENANTS_FILE", "")
	if got := submitKey(); got != "demo-key" {
		t.Errorf("embedded mode: submit key %q, want demo-key", got)
	}
	t.Setenv("DOCKET_INGEST_TENANTS_FILE", filepath.Join(t.TempDir(), "tenants.json"))
	if got := submitKey(); strings.Contains(got, "demo-key") || !strings.Contains(got, "DOCKET_INGEST_TENANTS_FILE") {
		t.Errorf("with a tenants file: submit key %q, want one of the file's", got)
	}
}

// TestEachStartHasItsOwnTransactionalIDs: two starts of the runner, even
// in the same second, give their services different transactional ids
// (pkg/devstack's TestCrashedTransactionAfterRestart shows why).
func TestEachStartHasItsOwnTransactionalIDs(t *testing.T) {
	now := time.Now()
	a, b := bootSuffix(now), bootSuffix(now.Add(time.Millisecond))
	if a == b || !strings.HasPrefix(a, "-") || !strings.HasPrefix(b, "-") {
		t.Errorf("bootSuffix gave %q and %q for two starts", a, b)
	}
}
