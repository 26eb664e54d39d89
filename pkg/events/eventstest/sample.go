// Package eventstest makes sample Docket events for tests.
package eventstest

import (
	"fmt"
	"reflect"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// Sample returns a new event of the schema's type with every field set; see
// Fill.
func Sample(s events.Schema, seed int) events.Event {
	e := s.New()
	Fill(e, seed)
	return e
}

// Fill sets every field of the event e points to a non-zero value derived
// from seed: nullable fields are set, arrays get two elements and maps one
// entry (so that the Avro encoding is deterministic), times are whole
// milliseconds in UTC. Such an event survives an Avro round trip unchanged.
// Different seeds give different values.
func Fill(e events.Event, seed int) {
	f := filler{n: seed * 1000}
	f.fill(reflect.ValueOf(e).Elem())
}

var timeType = reflect.TypeFor[time.Time]()

type filler struct{ n int }

func (f *filler) next() int {
	f.n++
	return f.n
}

func (f *filler) fill(v reflect.Value) {
	if v.Type() == timeType {
		v.Set(reflect.ValueOf(time.UnixMilli(1_767_225_600_000 + int64(f.next())*1001).UTC()))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", f.next()))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(f.next()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(f.next()) + 0.5)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		f.fill(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.fill(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			n := f.next()
			v.SetBytes([]byte{byte(n), byte(n >> 8), 0xff})
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			f.fill(v.Index(i))
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		k := reflect.New(v.Type().Key()).Elem()
		f.fill(k)
		val := reflect.New(v.Type().Elem()).Elem()
		f.fill(val)
		v.SetMapIndex(k, val)
	default:
		panic(fmt.Sprintf("eventstest: cannot fill a %s", v.Type()))
	}
}
