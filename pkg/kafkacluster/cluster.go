// Package kafkacluster runs a real Apache Kafka cluster on loopback: KRaft
// nodes that are each broker and controller, started from the jars that
// deploy/kafka/pom.xml pins (fetched through Maven, see Jars), with free
// ports, replication factor 3 and min.insync.replicas 2 for every topic and
// for the transaction and offsets logs. Each node has two client listeners:
// PLAINTEXT, for the harness itself, and SASL_SSL with SCRAM-SHA-512 users
// and a certificate made for the run. The StandardAuthorizer is on: SASL
// principals get only what ACLs grant them; the PLAINTEXT listener's
// ANONYMOUS principal is a super user, so keep it on loopback.
//
// Tests use Start (the nodes die with the test); `make kafka-up` starts a
// detached cluster and `make kafka-down` stops it through Attach.
package kafkacluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Config describes a cluster to start.
type Config struct {
	// Dir holds the cluster's state: cluster.json, the certificates and
	// one folder per node. Required.
	Dir string
	// Nodes is the number of KRaft nodes (broker and controller each).
	// Default 3.
	Nodes int
	// Users are SCRAM-SHA-512 users (name → password) created at start,
	// besides the admin super user.
	Users map[string]string
	// HeapMB is each node's JVM heap. Default 512.
	HeapMB int
	// Broker adds or overrides server properties on every node.
	Broker map[string]string
	// Features sets feature levels at format time (kafka-storage format
	// --feature), e.g. transaction.version=1 for the pre-KIP-890
	// transaction protocol. Default: the version's defaults.
	Features map[string]int
	// Detach lets the nodes outlive this process (make kafka-up).
	Detach bool
	// StartTimeout bounds Start. Default 5 minutes (half a minute is usual;
	// a loaded machine takes longer).
	StartTimeout time.Duration
	Logger       *slog.Logger
}

// Cluster is a running cluster.
type Cluster struct {
	ID            string         `json:"cluster_id"`
	Features      map[string]int `json:"features,omitempty"`
	Dir           string         `json:"dir"`
	CAFile        string         `json:"ca_file"`
	AdminUser     string         `json:"admin_user"`
	AdminPassword string         `json:"admin_password"`
	Nodes         []*Node        `json:"nodes"`
	Jars          string         `json:"jars"`
	Java          string         `json:"java"`
	HeapMB        int            `json:"heap_mb"`
	Detached      bool           `json:"detached"`

	log *slog.Logger
}

// Node is one KRaft node: broker and controller in one JVM.
type Node struct {
	ID         int32  `json:"id"`
	Plain      string `json:"plaintext"`
	SASL       string `json:"sasl_ssl"`
	Controller string `json:"controller"`
	Dir        string `json:"dir"`

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
}

// Start formats and starts a cluster in cfg.Dir and waits until every
// node is a registered broker and the users exist. Close stops it.
//
// The ports are free when chosen but not held until the nodes bind them,
// seconds later: another process may take one in between. A node that
// exits because its address is in use is not the cluster's fault, so
// Start begins again with new ports (up to three times).
func Start(ctx context.Context, cfg Config) (*Cluster, error) {
	if cfg.Dir == "" {
		return nil, errors.New("kafkacluster: Dir is required")
	}
	if cfg.Nodes <= 0 {
		cfg.Nodes = 3
	}
	if cfg.HeapMB <= 0 {
		cfg.HeapMB = 512
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 5 * time.Minute
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.StartTimeout)
	defer cancel()
	jars, err := Jars(ctx)
	if err != nil {
		return nil, err
	}
	javaBin, err := java()
	if err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		c, err := start(ctx, cfg, jars, javaBin)
		if !errors.Is(err, errPortTaken) || attempt == 3 {
			return c, err
		}
		cfg.Logger.Warn("kafka node could not bind its port; starting again with new ports", "attempt", attempt, "err", err)
		for i := range cfg.Nodes {
			if err := os.RemoveAll(filepath.Join(cfg.Dir, fmt.Sprintf("node-%d", i+1))); err != nil {
				return nil, fmt.Errorf("kafkacluster: %w", err)
			}
		}
	}
}

// errPortTaken marks a start that failed because a node's address was
// taken between choosing its port and binding it.
var errPortTaken = errors.New("address already in use")

// pickPorts chooses the nodes' ports; a test replaces it to take one.
var pickPorts = freePorts

func start(ctx context.Context, cfg Config, jars, javaBin string) (_ *Cluster, err error) {
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("kafkacluster: %w", err)
	}
	c := &Cluster{
		ID: newClusterID(), Dir: cfg.Dir, AdminUser: "admin", AdminPassword: randomSecret(),
		Jars: jars, Java: javaBin, HeapMB: cfg.HeapMB, Detached: cfg.Detach, log: cfg.Logger, Features: cfg.Features,
	}
	caFile, keystore, err := writeCerts(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("kafkacluster: %w", err)
	}
	c.CAFile = caFile
	ports, err := pickPorts(3 * cfg.Nodes)
	if err != nil {
		return nil, err
	}
	var voters []string
	for i := range cfg.Nodes {
		n := &Node{
			ID:         int32(i + 1),
			Plain:      fmt.Sprintf("127.0.0.1:%d", ports[3*i]),
			SASL:       fmt.Sprintf("127.0.0.1:%d", ports[3*i+1]),
			Controller: fmt.Sprintf("127.0.0.1:%d", ports[3*i+2]),
			Dir:        filepath.Join(cfg.Dir, fmt.Sprintf("node-%d", i+1)),
		}
		c.Nodes = append(c.Nodes, n)
		voters = append(voters, fmt.Sprintf("%d@%s", n.ID, n.Controller))
	}
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	for _, n := range c.Nodes {
		if err := c.writeNodeConfig(n, strings.Join(voters, ","), caFile, keystore, cfg.Broker); err != nil {
			return nil, err
		}
	}
	// Format every node's storage at once: each is a JVM start.
	errs := make(chan error, len(c.Nodes))
	for _, n := range c.Nodes {
		go func() { errs <- c.format(ctx, n) }()
	}
	for range c.Nodes {
		if e := <-errs; e != nil {
			err = errors.Join(err, e)
		}
	}
	if err != nil {
		return nil, err
	}
	for _, n := range c.Nodes {
		if err := c.StartNode(n.ID); err != nil {
			return nil, err
		}
	}
	if err := c.save(); err != nil {
		return nil, err
	}
	if err := c.WaitReady(ctx); err != nil {
		return nil, err
	}
	if len(cfg.Users) > 0 {
		if err := c.UpsertUsers(ctx, cfg.Users); err != nil {
			return nil, err
		}
	}
	c.log.Info("kafka cluster up", "cluster_id", c.ID, "bootstrap", strings.Join(c.Bootstrap(), ","),
		"sasl_ssl", strings.Join(c.SASLBootstrap(), ","))
	return c, nil
}

// Attach returns the cluster recorded in dir by a detached Start.
func Attach(dir string) (*Cluster, error) {
	b, err := os.ReadFile(filepath.Join(dir, "cluster.json"))
	if err != nil {
		return nil, fmt.Errorf("kafkacluster: no cluster in %s: %w", dir, err)
	}
	c := &Cluster{log: slog.New(slog.DiscardHandler)}
	if err := json.Unmarshal(b, c); err != nil {
		return nil, fmt.Errorf("kafkacluster: %s/cluster.json: %w", dir, err)
	}
	return c, nil
}

func (c *Cluster) save() error {
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	if err := os.WriteFile(filepath.Join(c.Dir, "cluster.json"), b, 0o600); err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	return nil
}

// Bootstrap is every node's PLAINTEXT address.
func (c *Cluster) Bootstrap() []string {
	out := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		out[i] = n.Plain
	}
	return out
}

// SASLBootstrap is every node's SASL_SSL address.
func (c *Cluster) SASLBootstrap() []string {
	out := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		out[i] = n.SASL
	}
	return out
}

// Node returns the node with id.
func (c *Cluster) Node(id int32) *Node {
	for _, n := range c.Nodes {
		if n.ID == id {
			return n
		}
	}
	return nil
}

// Admin returns a kadm client on the PLAINTEXT listener (super user). The
// caller closes it.
func (c *Cluster) Admin(opts ...kgo.Opt) (*kadm.Client, error) {
	cl, err := kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers(c.Bootstrap()...)}, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("kafkacluster: admin client: %w", err)
	}
	return kadm.NewClient(cl), nil
}

// WaitReady waits until every node is a registered, unfenced broker that
// answers on its PLAINTEXT listener.
func (c *Cluster) WaitReady(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers(c.Bootstrap()...))
	if err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	defer cl.Close()
	var last error
	for {
		// A direct request each time: kadm's BrokerMetadata answers from
		// the client's metadata cache, which kept a two-broker view.
		req := kmsg.NewPtrMetadataRequest()
		req.Topics = []kmsg.MetadataRequestTopic{}
		// Briefly: a request to nodes not listening yet is retried for
		// the client's 30 s, and a node that failed must be seen soon.
		rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		resp, err := req.RequestWith(rctx, cl)
		cancel()
		switch {
		case err != nil:
			last = err
		case len(resp.Brokers) != len(c.Nodes):
			last = fmt.Errorf("%d of %d brokers registered", len(resp.Brokers), len(c.Nodes))
		default:
			// The controller may still list a node that was killed and
			// started again: registered is not listening.
			if last = c.listening(); last == nil {
				return nil
			}
		}
		for _, n := range c.Nodes {
			if n.exited() {
				return n.exitError()
			}
			if n.bindFailed() {
				_ = c.Kill(n.ID)
				return n.exitError()
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("kafkacluster: cluster not ready: %w (last: %v)", ctx.Err(), last)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// listening returns an error naming the first node whose PLAINTEXT
// listener refuses a connection.
func (c *Cluster) listening() error {
	for _, n := range c.Nodes {
		conn, err := net.DialTimeout("tcp", n.Plain, time.Second)
		if err != nil {
			return fmt.Errorf("node %d not listening: %w", n.ID, err)
		}
		conn.Close()
	}
	return nil
}

// UpsertUsers creates or updates SCRAM-SHA-512 users.
func (c *Cluster) UpsertUsers(ctx context.Context, users map[string]string) error {
	adm, err := c.Admin()
	if err != nil {
		return err
	}
	defer adm.Close()
	var up []kadm.UpsertSCRAM
	for name, pass := range users {
		up = append(up, kadm.UpsertSCRAM{User: name, Mechanism: kadm.ScramSha512, Iterations: 4096, Password: pass})
	}
	res, err := adm.AlterUserSCRAMs(ctx, nil, up)
	if err != nil {
		return fmt.Errorf("kafkacluster: create users: %w", err)
	}
	for _, r := range res {
		if r.Err != nil {
			return fmt.Errorf("kafkacluster: create user %s: %w", r.User, r.Err)
		}
	}
	return nil
}

func (c *Cluster) writeNodeConfig(n *Node, voters, caFile, keystore string, extra map[string]string) error {
	props := map[string]string{
		"process.roles":                  "broker,controller",
		"node.id":                        strconv.Itoa(int(n.ID)),
		"controller.quorum.voters":       voters,
		"listeners":                      "PLAINTEXT://" + n.Plain + ",SASL_SSL://" + n.SASL + ",CONTROLLER://" + n.Controller,
		"advertised.listeners":           "PLAINTEXT://" + n.Plain + ",SASL_SSL://" + n.SASL,
		"controller.listener.names":      "CONTROLLER",
		"inter.broker.listener.name":     "PLAINTEXT",
		"listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL,CONTROLLER:PLAINTEXT",
		"sasl.enabled.mechanisms":        "SCRAM-SHA-512",
		"listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config": "org.apache.kafka.common.security.scram.ScramLoginModule required;",
		"ssl.keystore.type":                        "PEM",
		"ssl.keystore.location":                    keystore,
		"ssl.truststore.type":                      "PEM",
		"ssl.truststore.location":                  caFile,
		"ssl.client.auth":                          "none",
		"authorizer.class.name":                    "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
		"super.users":                              "User:admin;User:ANONYMOUS",
		"allow.everyone.if.no.acl.found":           "false",
		"log.dirs":                                 filepath.Join(n.Dir, "data"),
		"metadata.log.dir":                         filepath.Join(n.Dir, "metadata"),
		"num.partitions":                           "6",
		"default.replication.factor":               "3",
		"min.insync.replicas":                      "2",
		"offsets.topic.replication.factor":         "3",
		"offsets.topic.num.partitions":             "12",
		"transaction.state.log.replication.factor": "3",
		"transaction.state.log.min.isr":            "2",
		"transaction.state.log.num.partitions":     "12",
		"group.initial.rebalance.delay.ms":         "0",
		// Tests and restarts want failed members noticed in seconds.
		"group.min.session.timeout.ms":                     "500",
		"group.consumer.min.session.timeout.ms":            "1000",
		"group.consumer.min.heartbeat.interval.ms":         "500",
		"group.consumer.session.timeout.ms":                "10000",
		"group.consumer.heartbeat.interval.ms":             "1000",
		"auto.create.topics.enable":                        "false",
		"unclean.leader.election.enable":                   "false",
		"share.coordinator.state.topic.replication.factor": "3",
		"share.coordinator.state.topic.min.isr":            "2",
	}
	if len(c.Nodes) < 3 {
		for _, k := range []string{"default.replication.factor", "offsets.topic.replication.factor", "transaction.state.log.replication.factor", "share.coordinator.state.topic.replication.factor"} {
			props[k] = strconv.Itoa(len(c.Nodes))
		}
		for _, k := range []string{"min.insync.replicas", "transaction.state.log.min.isr", "share.coordinator.state.topic.min.isr"} {
			props[k] = "1"
		}
	}
	for k, v := range extra {
		props[k] = v
	}
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%s\n", k, props[k])
	}
	if err := os.MkdirAll(n.Dir, 0o755); err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	if err := os.WriteFile(filepath.Join(n.Dir, "server.properties"), []byte(b.String()), 0o600); err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	log4j := strings.Join([]string{
		"status = error",
		"appender.f.type = File",
		"appender.f.name = F",
		"appender.f.fileName = " + filepath.Join(n.Dir, "server.log"),
		"appender.f.layout.type = PatternLayout",
		"appender.f.layout.pattern = [%d] %p %m (%c)%n",
		"rootLogger.level = INFO",
		"rootLogger.appenderRef.f.ref = F",
		"logger.kafka.name = kafka",
		"logger.kafka.level = INFO",
		"logger.request.name = kafka.request.logger",
		"logger.request.level = WARN",
		"",
	}, "\n")
	if err := os.WriteFile(filepath.Join(n.Dir, "log4j2.properties"), []byte(log4j), 0o644); err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	return nil
}

// format writes the node's storage (meta.properties in its metadata and
// data folders) and the admin user; folders already formatted are kept.
func (c *Cluster) format(ctx context.Context, n *Node) error {
	args := append(c.jvmArgs(n, 256), "kafka.tools.StorageTool", "format",
		"--cluster-id", c.ID, "--config", filepath.Join(n.Dir, "server.properties"),
		"--ignore-formatted",
		"--add-scram", fmt.Sprintf("SCRAM-SHA-512=[name=%s,password=%s]", c.AdminUser, c.AdminPassword))
	for f, level := range c.Features {
		args = append(args, "--feature", fmt.Sprintf("%s=%d", f, level))
	}
	out, err := exec.CommandContext(ctx, c.Java, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("kafkacluster: format node %d: %w\n%s", n.ID, err, out)
	}
	return nil
}

func (c *Cluster) jvmArgs(n *Node, heapMB int) []string {
	return []string{
		fmt.Sprintf("-Xmx%dm", heapMB), fmt.Sprintf("-Xms%dm", min(heapMB, 256)),
		"-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-XX:+ExitOnOutOfMemoryError",
		"-Djava.awt.headless=true",
		"-Dlog4j2.configurationFile=" + filepath.Join(n.Dir, "log4j2.properties"),
		"-cp", classpath(c.Jars),
	}
}

// StartNode starts a stopped node.
func (c *Cluster) StartNode(id int32) error {
	n := c.Node(id)
	if n == nil {
		return fmt.Errorf("kafkacluster: no node %d", id)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	out, err := os.OpenFile(filepath.Join(n.Dir, "stdout.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	defer out.Close()
	args := append(c.jvmArgs(n, c.HeapMB), "kafka.Kafka", filepath.Join(n.Dir, "server.properties"))
	cmd := exec.Command(c.Java, args...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if c.Detached {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	} else {
		// The node dies with the test process, even on its SIGKILL.
		cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("kafkacluster: start node %d: %w", id, err)
	}
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(done)
	}()
	n.cmd, n.done = cmd, done
	if err := os.WriteFile(filepath.Join(n.Dir, "pid"), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644); err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	return nil
}

// exitError says why a node exited while starting: the last lines of its
// logs that name an error, since a test's folder (and the logs with it)
// is gone by the time anyone reads the failure.
func (n *Node) exitError() error {
	var why []string
	taken := false
	for _, name := range []string{"server.log", "stdout.log"} {
		b, err := os.ReadFile(filepath.Join(n.Dir, name))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, "Address already in use") {
				taken = true
			}
			if errorLine(line) {
				why = append(why, strings.TrimSpace(line))
			}
		}
	}
	if len(why) > 8 {
		why = why[len(why)-8:]
	}
	err := fmt.Errorf("kafkacluster: node %d exited while starting; see %s", n.ID, filepath.Join(n.Dir, "server.log"))
	if len(why) > 0 {
		err = fmt.Errorf("%w:\n%s", err, strings.Join(why, "\n"))
	}
	if taken {
		err = fmt.Errorf("%w (%w)", err, errPortTaken)
	}
	return err
}

// errorLine is a log line at level ERROR or FATAL, or an exception's
// line of a stack trace (not its frames).
func errorLine(line string) bool {
	if strings.HasPrefix(line, "[") {
		return strings.Contains(line, "] ERROR ") || strings.Contains(line, "] FATAL ")
	}
	return strings.Contains(line, "Exception") && !strings.HasPrefix(strings.TrimSpace(line), "at ")
}

// bindFailed reports whether a running node's log says it could not bind
// an address. Such a node takes long to exit, if it does.
func (n *Node) bindFailed() bool {
	b, err := os.ReadFile(filepath.Join(n.Dir, "server.log"))
	return err == nil && bytes.Contains(b, []byte("Address already in use"))
}

// Pid is the node's process id, 0 when it is not running.
func (n *Node) Pid() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.cmd != nil {
		select {
		case <-n.done:
			return 0
		default:
			return n.cmd.Process.Pid
		}
	}
	b, err := os.ReadFile(filepath.Join(n.Dir, "pid"))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	if pid <= 0 || syscall.Kill(pid, 0) != nil {
		return 0
	}
	return pid
}

func (n *Node) exited() bool { return n.Pid() == 0 }

// Signal sends sig to the node's JVM.
func (c *Cluster) Signal(id int32, sig syscall.Signal) error {
	n := c.Node(id)
	if n == nil {
		return fmt.Errorf("kafkacluster: no node %d", id)
	}
	pid := n.Pid()
	if pid == 0 {
		return fmt.Errorf("kafkacluster: node %d is not running", id)
	}
	if err := syscall.Kill(pid, sig); err != nil {
		return fmt.Errorf("kafkacluster: signal node %d: %w", id, err)
	}
	return nil
}

// Kill SIGKILLs a node and waits for it to be gone.
func (c *Cluster) Kill(id int32) error {
	if err := c.Signal(id, syscall.SIGKILL); err != nil {
		return err
	}
	return c.waitExit(id, 10*time.Second)
}

// Stop shuts a node down with SIGTERM (a controlled shutdown that moves its
// leaderships away), SIGKILL after timeout.
func (c *Cluster) Stop(id int32, timeout time.Duration) error {
	if err := c.Signal(id, syscall.SIGTERM); err != nil {
		return err
	}
	if c.waitExit(id, timeout) == nil {
		return nil
	}
	return c.Kill(id)
}

func (c *Cluster) waitExit(id int32, timeout time.Duration) error {
	n := c.Node(id)
	deadline := time.Now().Add(timeout)
	for n.Pid() != 0 {
		if time.Now().After(deadline) {
			return fmt.Errorf("kafkacluster: node %d still running after %s", id, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

// WipeData deletes a stopped node's partition data (its log directory; the
// KRaft metadata log is kept) and formats the empty directory again, so the
// node restarts with no replicas and must fetch them from the others.
func (c *Cluster) WipeData(ctx context.Context, id int32) error {
	n := c.Node(id)
	if n == nil {
		return fmt.Errorf("kafkacluster: no node %d", id)
	}
	if n.Pid() != 0 {
		return fmt.Errorf("kafkacluster: node %d is running; stop it first", id)
	}
	if err := os.RemoveAll(filepath.Join(n.Dir, "data")); err != nil {
		return fmt.Errorf("kafkacluster: wipe node %d: %w", id, err)
	}
	return c.format(ctx, n)
}

// Close stops every node (SIGKILL: a test cluster keeps nothing) and, for
// a cluster this process started, waits for them.
func (c *Cluster) Close() {
	for _, n := range c.Nodes {
		if n.Pid() != 0 {
			_ = c.Kill(n.ID)
		}
	}
}

func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			_ = l.Close()
		}
	}()
	ports := make([]int, n)
	for i := range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("kafkacluster: free port: %w", err)
		}
		ls = append(ls, l)
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	return ports, nil
}

// newClusterID is a random Kafka cluster id: 16 bytes, URL-safe base64.
// One that starts with '-' would read as a flag to the storage tool.
func newClusterID() string {
	for {
		var b [16]byte
		_, _ = rand.Read(b[:])
		if id := base64.RawURLEncoding.EncodeToString(b[:]); id[0] != '-' {
			return id
		}
	}
}

func randomSecret() string {
	var b [18]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}
