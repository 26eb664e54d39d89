package dockettest

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Build compiles the main package at pkgPath (relative to the test's
// directory or a module path) into a temporary folder and returns the
// binary's path.
func Build(t testing.TB, pkgPath string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), filepath.Base(pkgPath))
	cmd := exec.Command("go", "build", "-o", out, pkgPath)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build %s: %v", pkgPath, err)
	}
	return out
}

// Process is a service running as a separate OS process, restartable and
// killable, with its output appended to a log file.
type Process struct {
	t    testing.TB
	bin  string
	args []string
	env  []string
	log  *os.File
	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
}

// StartProcess starts bin with env added to the test's environment. Its
// stdout and stderr go to logPath. It is killed with t.Cleanup.
func StartProcess(t testing.TB, bin, logPath string, env ...string) *Process {
	t.Helper()
	return StartCommand(t, bin, nil, logPath, env...)
}

// StartCommand is StartProcess with command-line arguments.
func StartCommand(t testing.TB, bin string, args []string, logPath string, env ...string) *Process {
	t.Helper()
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatalf("open process log: %v", err)
	}
	p := &Process{t: t, bin: bin, args: args, env: env, log: f}
	t.Cleanup(func() {
		p.Kill()
		_ = f.Close()
	})
	p.Start()
	return p
}

// Start starts the process again after Kill or Stop.
func (p *Process) Start() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	cmd := exec.Command(p.bin, p.args...)
	cmd.Env = append(os.Environ(), p.env...)
	cmd.Stdout, cmd.Stderr = p.log, p.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		p.t.Fatalf("start %s: %v", p.bin, err)
	}
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(done)
	}()
	p.cmd, p.done = cmd, done
}

// Pid returns the running process's id, 0 when it is not running.
func (p *Process) Pid() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil || p.cmd.Process == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// Kill sends SIGKILL and waits for the process to be gone.
func (p *Process) Kill() { p.signal(syscall.SIGKILL, 10*time.Second) }

// Stop sends SIGTERM and waits up to timeout for a graceful exit, then kills.
// It reports whether the process exited on its own.
func (p *Process) Stop(timeout time.Duration) bool {
	if p.signal(syscall.SIGTERM, timeout) {
		return true
	}
	p.Kill()
	return false
}

// Exited reports whether the process has ended.
func (p *Process) Exited() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done == nil {
		return true
	}
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *Process) signal(sig syscall.Signal, wait time.Duration) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil {
		return true
	}
	_ = p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
		p.cmd = nil
		return true
	case <-time.After(wait):
		return false
	}
}
