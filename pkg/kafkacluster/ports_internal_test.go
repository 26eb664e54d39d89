package kafkacluster

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A port taken between choosing it and the node binding it: the node
// exits, and Start begins again with new ports instead of failing.
func TestStartAgainWhenAPortIsTaken(t *testing.T) {
	if testing.Short() {
		t.Skip("real Kafka node: skipped under -short")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	taken := l.Addr().(*net.TCPAddr).Port
	calls := 0
	pickPorts = func(n int) ([]int, error) {
		calls++
		ports, err := freePorts(n)
		if calls == 1 && err == nil {
			ports[0] = taken // node 1's PLAINTEXT listener
		}
		return ports, err
	}
	defer func() { pickPorts = freePorts }()

	dir := t.TempDir()
	c, err := Start(context.Background(), Config{Dir: dir, Nodes: 1, HeapMB: 256})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	defer c.Close()
	if calls != 2 {
		t.Fatalf("ports chosen %d times, want 2 (the first set had a taken port)", calls)
	}
	if strings.HasSuffix(c.Nodes[0].Plain, ":"+strconv.Itoa(taken)) {
		t.Fatalf("node 1 listens on the taken port %d", taken)
	}
	if _, err := os.Stat(filepath.Join(dir, "node-1", "server.properties")); err != nil {
		t.Fatalf("node folder of the second start: %v", err)
	}
}

// A node's exit error carries its logs' error lines and marks a taken
// address, so a failed start explains itself after its folder is gone.
func TestExitErrorQuotesTheLog(t *testing.T) {
	dir := t.TempDir()
	log := "[2026-12-05 00:01:02,003] INFO starting (kafka.server.KafkaRaftServer)\n" +
		"[2026-12-05 00:01:03,004] ERROR [KafkaRaftServer nodeId=2] Fatal error during broker startup. Prepare to shutdown (kafka.server.BrokerServer)\n" +
		"org.apache.kafka.common.KafkaException: Socket server failed to bind to 127.0.0.1:40411: Address already in use.\n"
	if err := os.WriteFile(filepath.Join(dir, "server.log"), []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	err := (&Node{ID: 2, Dir: dir}).exitError()
	for _, want := range []string{"node 2 exited while starting", "Fatal error during broker startup", "failed to bind to 127.0.0.1:40411"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "INFO starting") {
		t.Errorf("error quotes an INFO line: %q", err)
	}
	if !errors.Is(err, errPortTaken) {
		t.Errorf("error %q is not marked as a taken port", err)
	}
	if os.Remove(filepath.Join(dir, "server.log")) != nil {
		t.Fatal("remove")
	}
	if err := (&Node{ID: 2, Dir: dir}).exitError(); errors.Is(err, errPortTaken) {
		t.Errorf("a node without logs is marked as a taken port: %v", err)
	}
}
