//go:build unix && !linux

package redislocal

import (
	"os"
	"syscall"
)

// sysProcAttr puts redis-server in its own process group. There is no
// parent-death signal outside Linux: a parent killed with SIGKILL leaves
// redis-server running.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup sends SIGKILL to the process group led by p.
func killGroup(p *os.Process) error { return syscall.Kill(-p.Pid, syscall.SIGKILL) }

// terminate asks p to shut down gracefully.
func terminate(p *os.Process) error { return p.Signal(syscall.SIGTERM) }
