package redislocal

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	pollInterval = 20 * time.Millisecond
	retryPause   = 100 * time.Millisecond
	probeTimeout = time.Second
	// waitDelay bounds how long reaping waits for redis-server's output
	// pipes to close after it exited (a forked AOF-rewrite child holds them).
	waitDelay = 2 * time.Second
	// tailLines is how much of redis-server's output is kept for errors.
	tailLines = 40
)

// process is one run of redis-server.
type process struct {
	cmd  *exec.Cmd
	out  *tailWriter
	done chan struct{} // closed once the process has exited and been reaped
	err  error         // the result of Wait; read only after done is closed

	ready    atomic.Bool // it answered PING once
	expected atomic.Bool // we are stopping or killing it: exit is no surprise
	onCrash  func()      // called after an exit nobody asked for; may be nil
}

// spawn starts redis-server on port and waits until it answers PING. A port
// already taken is reported as errAddrInUse.
func (s *Server) spawn(ctx context.Context, port int) (*process, error) {
	args := []string{
		"--port", strconv.Itoa(port),
		"--bind", "127.0.0.1",
		"--protected-mode", "no",
		"--dir", s.dir,
		"--appendonly", "yes",
		// no, not everysec: with everysec Redis postpones writing the
		// file while a slow background fsync runs, yet still answers, so
		// an acknowledged write was lost to a SIGKILL of redis-server on
		// a loaded machine (TestStoreSurvivesRedisCrash in CI). With no,
		// every write is in the file before its reply.
		"--appendfsync", "no",
		"--save", "",
		"--daemonize", "no",
		"--logfile", "", // standard output, which we read
	}
	cmd := exec.Command(s.bin, args...)
	cmd.Dir = s.dir
	out := newTailWriter(s.cfg.logger.With("component", "redis-server", "port", port))
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = sysProcAttr()
	cmd.WaitDelay = waitDelay
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("redislocal: run %s: %w", s.bin, err)
	}
	p := &process{cmd: cmd, out: out, done: make(chan struct{})}
	if s.cfg.restartOnCrash {
		p.onCrash = func() { s.recoverFrom(p) }
	}
	go p.wait(s.cfg.logger)

	err := waitReady(ctx, port, p, s.cfg.startTimeout)
	if err == nil {
		p.ready.Store(true)
		s.cfg.logger.Debug("redis-server ready", "addr", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)),
			"pid", cmd.Process.Pid, "dir", s.dir)
		return p, nil
	}
	p.expected.Store(true)
	p.kill()
	<-p.done
	tail := out.tail()
	if strings.Contains(tail, "Address already in use") {
		return nil, fmt.Errorf("redislocal: redis-server port %d: %w", port, errAddrInUse)
	}
	return nil, fmt.Errorf("redislocal: redis-server on port %d did not become ready: %w\nredis-server output:\n%s", port, err, tail)
}

// wait reaps the process and reports an exit nobody asked for.
func (p *process) wait(log *slog.Logger) {
	err := p.cmd.Wait()
	p.err = err
	crashed := p.ready.Load() && !p.expected.Load()
	if crashed {
		log.Warn("redis-server exited unexpectedly", "pid", p.cmd.Process.Pid, "err", err, "output", p.out.tail())
	}
	close(p.done)
	if crashed && p.onCrash != nil {
		p.onCrash()
	}
}

// recoverFrom starts redis-server again on the same port after p crashed,
// unless p was stopped, killed or replaced meanwhile. A start that fails
// (the new server killed before it was ready, the port held a moment) is
// tried again after a pause, 1 s doubling to 30 s, until one succeeds or
// Stop, Kill or Restart is asked for: giving up after one failed start
// left a suite without Redis until it was restarted by hand (found from
// outside: a second kill -9 during the restart).
func (s *Server) recoverFrom(p *process) {
	s.mu.Lock()
	if s.proc != p {
		s.mu.Unlock()
		return
	}
	s.proc = nil
	asked := s.asked
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
	s.mu.Unlock()
	pause := time.Second
	for attempt := 1; ; attempt++ {
		s.mu.Lock()
		if s.asked != asked || s.proc != nil {
			s.mu.Unlock()
			return // stopped, killed or restarted meanwhile
		}
		err := s.startLocked(context.Background(), false)
		var pid int
		if err == nil {
			pid = s.proc.cmd.Process.Pid
		}
		s.mu.Unlock()
		if err == nil {
			s.cfg.logger.Warn("redis-server restarted after a crash", "addr", addr, "pid", pid, "attempts", attempt)
			return
		}
		s.cfg.logger.Error("redis-server crashed and could not be restarted yet; trying again", "addr", addr, "attempt", attempt, "retry_in", pause, "err", err)
		time.Sleep(pause)
		pause = min(2*pause, maxRecoverPause)
	}
}

// maxRecoverPause caps the pause between a crashed server's restarts.
const maxRecoverPause = 30 * time.Second

func (p *process) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// kill sends SIGKILL to the process group (redis-server and any child it
// forked) unless the process is already gone.
func (p *process) kill() {
	if !p.exited() {
		_ = killGroup(p.cmd.Process)
	}
}

// stopLocked shuts the server down gracefully, then by force.
func (s *Server) stopLocked() error {
	s.asked++
	if s.mini != nil {
		s.mini.Close()
		return nil
	}
	p := s.proc
	if p == nil {
		return nil
	}
	s.proc = nil
	p.expected.Store(true)
	if p.exited() {
		return nil
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
	if err := shutdown(addr); err != nil {
		s.cfg.logger.Debug("redis-server SHUTDOWN failed, sending SIGTERM", "addr", addr, "err", err)
		_ = terminate(p.cmd.Process)
	}
	timer := time.NewTimer(s.cfg.stopTimeout)
	defer timer.Stop()
	select {
	case <-p.done:
		var exitErr *exec.ExitError
		if errors.As(p.err, &exitErr) {
			return fmt.Errorf("redislocal: redis-server on %s: %w\nredis-server output:\n%s", addr, p.err, p.out.tail())
		}
		return nil
	case <-timer.C:
		p.kill()
		<-p.done
		return fmt.Errorf("redislocal: redis-server on %s did not shut down within %s and was killed", addr, s.cfg.stopTimeout)
	}
}

// waitReady polls the server with PING until it answers, it exits, or the
// timeout or ctx ends. It also checks that the server answering is this
// process and not another one that holds the port (redis-server exits at
// once when it cannot bind, but a PING may reach the other server first).
func waitReady(ctx context.Context, port int, p *process, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	go func() { // abort a probe in flight as soon as the process exits
		select {
		case <-p.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	var last error
	for {
		if last = ping(ctx, addr); last == nil {
			last = checkPID(ctx, addr, p.cmd.Process.Pid)
			if last == nil {
				return nil
			}
		}
		select {
		case <-p.done:
			return fmt.Errorf("redis-server exited: %v", p.err)
		case <-ctx.Done():
			if p.exited() {
				return fmt.Errorf("redis-server exited: %v", p.err)
			}
			return fmt.Errorf("%w (last probe: %v)", ctx.Err(), last)
		case <-tick.C:
		}
	}
}

// ping sends one PING on a fresh connection and wants +PONG (a server still
// loading its append-only file answers -LOADING).
func ping(ctx context.Context, addr string) error {
	reply, err := roundTrip(ctx, addr, "PING")
	if err != nil {
		return err
	}
	if reply != "+PONG" {
		return fmt.Errorf("PING answered %q", reply)
	}
	return nil
}

// checkPID verifies that the server on addr is process pid.
func checkPID(ctx context.Context, addr string, pid int) error {
	info, err := roundTrip(ctx, addr, "INFO server")
	if err != nil {
		return err
	}
	for line := range strings.Lines(info) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "process_id:"); ok {
			if v == strconv.Itoa(pid) {
				return nil
			}
			return fmt.Errorf("%s is served by another process (pid %s, want %d)", addr, v, pid)
		}
	}
	return fmt.Errorf("INFO server on %s has no process_id", addr)
}

// shutdown asks the server to flush its append-only file and exit. Redis
// closes the connection without a reply when it complies.
func shutdown(addr string) error {
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	reply, err := roundTrip(ctx, addr, "SHUTDOWN")
	if errors.Is(err, io.EOF) {
		return nil
	}
	if err != nil {
		return err
	}
	return fmt.Errorf("SHUTDOWN answered %q", reply)
}

// roundTrip sends one inline command on a fresh connection and reads one
// reply: a simple string or error comes back as its line ("+PONG",
// "-LOADING ..."), a bulk string as its content. Canceling ctx aborts it.
func roundTrip(ctx context.Context, addr, command string) (string, error) {
	d := net.Dialer{Timeout: probeTimeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Now()) })
	defer stop()
	if err := conn.SetDeadline(time.Now().Add(probeTimeout)); err != nil {
		return "", err
	}
	if _, err := io.WriteString(conn, command+"\r\n"); err != nil {
		return "", err
	}
	r := bufio.NewReader(conn)
	line, err := r.ReadString('\n')
	if err != nil {
		return "", err
	}
	line = strings.TrimRight(line, "\r\n")
	if !strings.HasPrefix(line, "$") {
		return line, nil
	}
	n, err := strconv.Atoi(line[1:])
	if err != nil || n < 0 {
		return "", fmt.Errorf("bad bulk reply %q", line)
	}
	buf := make([]byte, n+2)
	if _, err := io.ReadFull(r, buf); err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// tailWriter receives redis-server's output: it logs each line at Debug and
// keeps the last lines for error messages.
type tailWriter struct {
	log     *slog.Logger
	mu      sync.Mutex
	partial []byte
	lines   []string
}

func newTailWriter(log *slog.Logger) *tailWriter { return &tailWriter{log: log} }

func (w *tailWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.partial = append(w.partial, b...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		w.add(string(w.partial[:i]))
		w.partial = w.partial[i+1:]
	}
	if len(w.partial) > 4096 { // a runaway line: flush it as is
		w.add(string(w.partial))
		w.partial = w.partial[:0]
	}
	return len(b), nil
}

func (w *tailWriter) add(line string) {
	line = strings.TrimRight(line, "\r")
	if line == "" {
		return
	}
	w.log.Debug(line)
	if len(w.lines) == tailLines {
		copy(w.lines, w.lines[1:])
		w.lines = w.lines[:tailLines-1]
	}
	w.lines = append(w.lines, line)
}

func (w *tailWriter) tail() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	lines := w.lines
	if len(w.partial) > 0 {
		lines = append(lines[:len(lines):len(lines)], string(w.partial))
	}
	return strings.Join(lines, "\n")
}
