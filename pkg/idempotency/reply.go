package idempotency

import (
	"fmt"
	"strconv"
	"time"
)

// reply is a key's record as a script or HMGET returned it.
type reply struct {
	code string // the script's verdict; empty for HMGET
	st   string // held | free | done | "" (no record)
	tok  int64
	own  string
	lu   int64 // lease deadline, Unix ms
	res  string
	ca   int64 // completion time, Unix ms
	now  int64 // server time of the read, Unix ms
}

// parseReply reads a script's reply: code, st, tok, own, lu, res, ca, now.
func parseReply(v any) (reply, error) {
	a, ok := v.([]any)
	if !ok || len(a) != replyLen {
		return reply{}, fmt.Errorf("%w: script replied %T %v", errBadReply, v, v)
	}
	var r reply
	var err error
	strs := []*string{&r.code, &r.st, nil, &r.own, nil, &r.res, nil, nil}
	ints := []*int64{nil, nil, &r.tok, nil, &r.lu, nil, &r.ca, &r.now}
	for i, x := range a {
		switch {
		case strs[i] != nil:
			*strs[i], err = asString(x)
		default:
			*ints[i], err = asInt(x)
		}
		if err != nil {
			return reply{}, fmt.Errorf("script reply element %d: %w", i, err)
		}
	}
	return r, nil
}

// parseFields reads an HMGET of hashFields.
func parseFields(vals []any, now int64) (reply, error) {
	if len(vals) != len(hashFields) {
		return reply{}, fmt.Errorf("%w: HMGET returned %d values, want %d", errBadReply, len(vals), len(hashFields))
	}
	r := reply{now: now}
	var err error
	strs := []*string{&r.st, nil, &r.own, nil, &r.res, nil}
	ints := []*int64{nil, &r.tok, nil, &r.lu, nil, &r.ca}
	for i, x := range vals {
		if x == nil {
			continue
		}
		switch {
		case strs[i] != nil:
			*strs[i], err = asString(x)
		default:
			*ints[i], err = asInt(x)
		}
		if err != nil {
			return reply{}, fmt.Errorf("field %s: %w", hashFields[i], err)
		}
	}
	return r, nil
}

func asString(x any) (string, error) {
	switch v := x.(type) {
	case string:
		return v, nil
	case nil:
		return "", nil
	}
	return "", fmt.Errorf("%w: %T, want a string", errBadReply, x)
}

func asInt(x any) (int64, error) {
	switch v := x.(type) {
	case int64:
		return v, nil
	case string:
		if v == "" {
			return 0, nil
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%w: %q is not an integer", errBadReply, v)
		}
		return n, nil
	case nil:
		return 0, nil
	}
	return 0, fmt.Errorf("%w: %T, want an integer", errBadReply, x)
}

// record turns the reply into key's Record.
func (r reply) record(key Key) Record {
	rec := Record{Key: key, Token: r.tok, Owner: r.own}
	switch r.st {
	case "":
		rec.State = Absent
	case "held":
		rec.State = Held
		if r.lu <= r.now {
			rec.State = Expired
		}
	case "free":
		rec.State = Released
	case "done":
		rec.State = Completed
		rec.Result = []byte(r.res)
		rec.CompletedAt = unixMilli(r.ca)
	}
	if rec.State == Held || rec.State == Expired {
		rec.LeaseUntil = unixMilli(r.lu)
	}
	return rec
}

func unixMilli(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}
