package redislocal

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// processAlive reports whether pid is a live (not zombie) process.
func processAlive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil {
		return true
	}
	// The state follows the parenthesised command name: "pid (comm) S ...".
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

// A parent killed with SIGKILL must not leave its redis-server behind.
func TestRedisDiesWithSIGKILLedParent(t *testing.T) {
	requireRedisServer(t)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+t.TempDir())
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("read child's report: %v", err)
	}
	var pid int
	var addr string
	if _, err := fmt.Sscanf(strings.TrimSpace(line), "%d %s", &pid, &addr); err != nil {
		t.Fatalf("child reported %q: %v", line, err)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) }) // only if the test fails
	if !processAlive(pid) {
		t.Fatalf("redis-server pid %d not running before the parent is killed", pid)
	}

	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()

	deadline := time.Now().Add(10 * time.Second)
	for processAlive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("redis-server pid %d (%s) still alive 10s after its parent was SIGKILLed", pid, addr)
		}
		time.Sleep(pollInterval)
	}
	if err := ping(t.Context(), addr); err == nil {
		t.Errorf("%s still answers PING", addr)
	}
}
