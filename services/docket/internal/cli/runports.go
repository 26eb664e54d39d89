package cli

import (
	"flag"
	"fmt"
	"maps"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/sagatracker"
)

// Default listen addresses of `docket run`. The services' metrics (ops)
// servers take consecutive ports from defaultMetrics, in metricsOrder.
const (
	defaultKafka     = "127.0.0.1:9092"
	defaultRegistry  = "127.0.0.1:8081"
	defaultIngest    = "127.0.0.1:8080"
	defaultLedger    = "127.0.0.1:8083"
	defaultException = "127.0.0.1:8084"
	defaultTracker   = "127.0.0.1:9090"
	defaultConsole   = "127.0.0.1:8088"
	defaultMetrics   = "127.0.0.1:9101"
)

// metricsOrder is the order of the services' metrics ports and of the
// banner's metrics lines.
var metricsOrder = []string{events.ServiceIngest, events.ServiceOCR, events.ServiceClassifier, events.ServiceLedger, events.ServiceException, sagatracker.Name}

// runPorts are `docket run`'s address flags.
type runPorts struct {
	ingest, tracker, exception, ledger, console, metrics *string
	offset                                               *int
}

func runPortFlags(fs *flag.FlagSet) runPorts {
	return runPorts{
		ingest:    fs.String("ingest", "", "ingest's HTTP listen address (default $DOCKET_INGEST_ADDR, else "+defaultIngest+")"),
		tracker:   fs.String("tracker", "", "the saga tracker's gRPC listen address (default $DOCKET_SAGATRACKER_ADDR, else "+defaultTracker+")"),
		exception: fs.String("exception", "", "the exception agent's operator API listen address (default $DOCKET_EXCEPTION_ADDR, else "+defaultException+")"),
		ledger:    fs.String("ledger", "", "the ledger's API listen address (default $DOCKET_LEDGER_ADDR, else "+defaultLedger+")"),
		console:   fs.String("console", "", "the web console's listen address (default $DOCKET_CONSOLE_ADDR, else "+defaultConsole+")"),
		metrics: fs.String("metrics", "", "metrics (/metrics, /healthz, /readyz) listen address of ingest; ocr, classifier, ledger, exception, sagatracker and the console take the next ports "+
			"(default $DOCKET_OPS_ADDR, else "+defaultMetrics+"; port 0: free ports picked at start)"),
		offset: fs.Int("port-offset", 0, "add this to every default port (Kafka, registry, APIs, metrics), e.g. 1000 for a second suite beside the first; addresses given by flag or environment are kept"),
	}
}

// runLayout is where the embedded stack and each service listen.
type runLayout struct {
	kafka, registry, ingest, tracker, exception, ledger, console string
	ops                                                          map[string]string // service → metrics address
	// consoleOps is the console's metrics address: the port after the
	// services' (it reads theirs for its overview).
	consoleOps string
}

// env returns the environment variables the services read their API
// addresses from.
func (l runLayout) env() map[string]string {
	return map[string]string{
		"DOCKET_INGEST_ADDR":      l.ingest,
		"DOCKET_SAGATRACKER_ADDR": l.tracker,
		"DOCKET_EXCEPTION_ADDR":   l.exception,
		"DOCKET_LEDGER_ADDR":      l.ledger,
		"DOCKET_CONSOLE_ADDR":     l.console,
	}
}

// layout resolves every address: a flag, else the service's environment
// variable, else the default moved by --port-offset. It refuses a malformed
// address and two services on one address.
func (p runPorts) layout(kafka, registry string) (runLayout, error) {
	off := *p.offset
	if off < 0 || off > 65535-9200 {
		return runLayout{}, fmt.Errorf("%w: --port-offset %d: want 0..%d", errUsage, off, 65535-9200)
	}
	var errs []error
	pick := func(name, flagVal, env, def string) string {
		v := flagVal
		if v == "" && env != "" {
			v = os.Getenv(env)
		}
		if v == "" {
			host, port, _ := net.SplitHostPort(def)
			n, _ := strconv.Atoi(port)
			v = net.JoinHostPort(host, strconv.Itoa(n+off))
		}
		if _, port, err := net.SplitHostPort(v); err != nil {
			errs = append(errs, fmt.Errorf("--%s %q: %w", name, v, err))
		} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
			errs = append(errs, fmt.Errorf("--%s %q: bad port", name, v))
		}
		return v
	}
	l := runLayout{
		kafka:     pick("kafka", kafka, "", defaultKafka),
		registry:  pick("registry", registry, "", defaultRegistry),
		ingest:    pick("ingest", *p.ingest, "DOCKET_INGEST_ADDR", defaultIngest),
		tracker:   pick("tracker", *p.tracker, "DOCKET_SAGATRACKER_ADDR", defaultTracker),
		exception: pick("exception", *p.exception, "DOCKET_EXCEPTION_ADDR", defaultException),
		ledger:    pick("ledger", *p.ledger, "DOCKET_LEDGER_ADDR", defaultLedger),
		console:   pick("console", *p.console, "DOCKET_CONSOLE_ADDR", defaultConsole),
		ops:       map[string]string{},
	}
	metrics := pick("metrics", *p.metrics, "DOCKET_OPS_ADDR", defaultMetrics)
	if len(errs) > 0 {
		return runLayout{}, fmt.Errorf("%w: %v", errUsage, errs[0])
	}
	host, port, _ := net.SplitHostPort(metrics)
	base, _ := strconv.Atoi(port)
	// A free port is free only until someone binds it: the port picked
	// for a metrics server may be one a caller picked the same way for
	// another listener and passed by flag (the evaluation's console got
	// the ledger's metrics port once, and the suite refused to start).
	// Ports named for the other listeners, and those picked already, are
	// picked again.
	named := map[int]bool{}
	for _, a := range []string{l.kafka, l.registry, l.ingest, l.tracker, l.exception, l.ledger, l.console} {
		if _, p, err := net.SplitHostPort(a); err == nil {
			n, _ := strconv.Atoi(p)
			named[n] = true
		}
	}
	// Picked ports are held bound until their servers start on them
	// (telemetry.Reserve); one that is named for another listener stays
	// held until the picking is done, so that it is not offered again.
	var passed []string
	defer func() {
		for _, a := range passed {
			telemetry.Release(a)
		}
	}()
	pickFree := func(what string) (string, error) {
		for range 20 {
			a, err := reservePort(host)
			if err != nil {
				return "", fmt.Errorf("pick a metrics port for %s: %w", what, err)
			}
			_, p, _ := net.SplitHostPort(a)
			free, _ := strconv.Atoi(p)
			if !named[free] {
				named[free] = true
				return a, nil
			}
			passed = append(passed, a)
		}
		return "", fmt.Errorf("pick a metrics port for %s: every free port offered is another listener's", what)
	}
	for i, name := range metricsOrder {
		if base == 0 {
			a, err := pickFree(name)
			if err != nil {
				return runLayout{}, err
			}
			l.ops[name] = a
			continue
		}
		if base+i > 65535 {
			return runLayout{}, fmt.Errorf("%w: --metrics %s: the %d services need ports %d to %d", errUsage, metrics, len(metricsOrder), base, base+len(metricsOrder)-1)
		}
		l.ops[name] = net.JoinHostPort(host, strconv.Itoa(base+i))
	}
	switch n := len(metricsOrder); {
	case base == 0:
		a, err := pickFree("the console")
		if err != nil {
			return runLayout{}, err
		}
		l.consoleOps = a
	case base+n > 65535:
		return runLayout{}, fmt.Errorf("%w: --metrics %s: the console's metrics port %d is past 65535", errUsage, metrics, base+n)
	default:
		l.consoleOps = net.JoinHostPort(host, strconv.Itoa(base+n))
	}
	taken := map[string]string{}
	claim := func(what, addr string) error {
		_, port, _ := net.SplitHostPort(addr)
		if port == "0" {
			return nil
		}
		key := dialable(addr)
		if other, ok := taken[key]; ok {
			return fmt.Errorf("%w: %s and %s both listen on %s", errUsage, other, what, addr)
		}
		taken[key] = what
		return nil
	}
	for _, a := range [][2]string{{"kafka", l.kafka}, {"registry", l.registry}, {"ingest", l.ingest}, {"tracker", l.tracker},
		{"exception", l.exception}, {"ledger", l.ledger}, {"console", l.console}, {"console metrics", l.consoleOps}} {
		if err := claim(a[0], a[1]); err != nil {
			return runLayout{}, err
		}
	}
	for _, name := range metricsOrder {
		if err := claim(name+" metrics", l.ops[name]); err != nil {
			return runLayout{}, err
		}
	}
	return l, nil
}

// reservePort binds a free port on host and holds it for the server that
// will listen there (see telemetry.Reserve); a variable so that a test can
// offer a port already named.
var reservePort = telemetry.Reserve

// checkOpen refuses to put the embedded Kafka broker, schema registry or
// a metrics port on an address off loopback: none authenticates (found
// from outside: `--kafka 0.0.0.0:29092` let the network read every topic
// and write past the signed requests). The services' APIs refuse such an
// address themselves; DOCKET_INSECURE=true (insecure) allows all of them.
func (l runLayout) checkOpen(insecure string) error {
	if open, _ := strconv.ParseBool(insecure); open {
		return nil
	}
	// flag, what, address
	addrs := [][3]string{{"kafka", "Kafka broker", l.kafka}, {"registry", "schema registry", l.registry}}
	for _, name := range metricsOrder {
		addrs = append(addrs, [3]string{"metrics", name + "'s metrics", l.ops[name]})
	}
	addrs = append(addrs, [3]string{"metrics", "console's metrics", l.consoleOps})
	for _, a := range addrs {
		host, _, _ := net.SplitHostPort(a[2])
		if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
			continue
		}
		return fmt.Errorf("%w: --%s %s: the embedded suite's %s has no authentication and listens on loopback only; set DOCKET_INSECURE=true to open it", errUsage, a[0], a[2], a[1])
	}
	return nil
}

// ephemeralRangeFile holds the kernel's range of local ports for
// outgoing connections.
const ephemeralRangeFile = "/proc/sys/net/ipv4/ip_local_port_range"

// inEphemeralRange returns the layout's addresses whose ports fall in the
// range of local ports portRange names ("32768\t60999", the kernel's
// ip_local_port_range): any program's outgoing connection may hold such
// a port, and the service meant to listen on it then cannot (found from
// outside: with --port-offset 25000 the tracker's 34090 was another
// process's connection to Redis, and the tracker restarted on and on).
func (l runLayout) inEphemeralRange(portRange string) []string {
	f := strings.Fields(portRange)
	if len(f) != 2 {
		return nil
	}
	lo, err1 := strconv.Atoi(f[0])
	hi, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return nil
	}
	addrs := []string{l.kafka, l.registry, l.ingest, l.tracker, l.exception, l.ledger, l.console, l.consoleOps}
	for _, name := range slices.Sorted(maps.Keys(l.ops)) {
		addrs = append(addrs, l.ops[name])
	}
	var in []string
	for _, a := range addrs {
		_, port, err := net.SplitHostPort(a)
		if err != nil {
			continue
		}
		if n, err := strconv.Atoi(port); err == nil && n >= lo && n <= hi {
			in = append(in, a)
		}
	}
	return in
}
