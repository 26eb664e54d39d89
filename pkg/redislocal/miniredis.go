package redislocal

import (
	"fmt"
	"net"
	"strconv"

	"github.com/alicebob/miniredis/v2"
)

// startMiniredis starts the in-memory stand-in. Its TTLs follow the wall
// clock (ClockTTL), as on a real server.
func startMiniredis(cfg config, dir string) (*Server, error) {
	m := miniredis.NewMiniRedis()
	m.ClockTTL(true)
	if err := m.StartAddr(net.JoinHostPort("127.0.0.1", strconv.Itoa(cfg.port))); err != nil {
		return nil, fmt.Errorf("redislocal: start miniredis: %w", err)
	}
	port, err := strconv.Atoi(m.Port())
	if err != nil {
		m.Close()
		return nil, fmt.Errorf("redislocal: miniredis port %q: %w", m.Port(), err)
	}
	cfg.logger.Warn("redis-server not found on PATH: using the in-memory miniredis stand-in. "+
		"Idempotency records are NOT durable: they are lost when this process exits, "+
		"so side effects may be repeated after a restart. Install Redis: apt-get install redis-server",
		"addr", m.Addr(), "binary", cfg.binary)
	return &Server{cfg: cfg, dir: dir, port: port, mini: m}, nil
}
