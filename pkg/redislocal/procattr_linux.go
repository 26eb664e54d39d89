package redislocal

import (
	"os"
	"syscall"
)

// sysProcAttr puts redis-server in its own process group (a Ctrl-C in the
// terminal reaches only us, and we shut Redis down in order) and asks the
// kernel to send it SIGTERM when the thread that started it dies, so that a
// parent killed with SIGKILL does not leave it behind. Go does not end its
// OS threads while the process lives (unless a goroutine exits while locked
// to one with runtime.LockOSThread, which this package never does).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// killGroup sends SIGKILL to the process group led by p.
func killGroup(p *os.Process) error { return syscall.Kill(-p.Pid, syscall.SIGKILL) }

// terminate asks p to shut down gracefully.
func terminate(p *os.Process) error { return p.Signal(syscall.SIGTERM) }
