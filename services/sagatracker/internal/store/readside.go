package store

import (
	"fmt"
	"time"
)

// readSide holds the apply script's read-side settings.
type readSide struct {
	changesMaxLen int64
	changesIdle   time.Duration
	statsTTL      time.Duration
}

var defaultReadSide = readSide{changesMaxLen: 100000, changesIdle: DefaultChangesIdle, statsTTL: 24 * time.Hour}

func (r readSide) json() string {
	return fmt.Sprintf(`{"maxlen":%d,"idle":%d,"ttl":%d}`, r.changesMaxLen, r.changesIdle.Milliseconds(), int64(r.statsTTL/time.Second))
}

// DefaultChangesIdle is how long the change stream is still written after
// the last watch, by default.
const DefaultChangesIdle = 10 * time.Minute

// WithChangesIdle sets how long the change stream is still written after
// the last watch (KeepChanges) ended; 0 writes it always. Default
// DefaultChangesIdle. Writing it is about a sixth of the apply script's
// cost, for nobody while nothing watches; the time after lets a client
// that lost its watch resume from its cursor.
func WithChangesIdle(d time.Duration) Option {
	if d > 0 {
		d = max(d, time.Millisecond)
	}
	return func(s *Store) { s.readSide.changesIdle = max(d, 0) }
}

// ChangesIdle returns the setting of WithChangesIdle.
func (s *Store) ChangesIdle() time.Duration { return s.readSide.changesIdle }

// WithChangesMaxLen caps (approximately, MAXLEN ~) the change stream
// watches resume from. Default 100000.
func WithChangesMaxLen(n int64) Option { return func(s *Store) { s.readSide.changesMaxLen = n } }

// WithStatsRetention sets how long per-minute statistics are kept, the
// longest stats window. Default 24h.
func WithStatsRetention(d time.Duration) Option { return func(s *Store) { s.readSide.statsTTL = d } }

// StatsRetention returns the longest stats window.
func (s *Store) StatsRetention() time.Duration { return s.readSide.statsTTL }
