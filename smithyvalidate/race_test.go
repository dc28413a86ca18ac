//go:build race

package smithyvalidate_test

const raceEnabled = true
