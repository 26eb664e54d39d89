//go:build !unix

package redislocal

import (
	"os"
	"syscall"
)

func sysProcAttr() *syscall.SysProcAttr { return nil }

func killGroup(p *os.Process) error { return p.Kill() }

func terminate(p *os.Process) error { return p.Kill() }
