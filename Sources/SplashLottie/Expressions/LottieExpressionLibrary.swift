/// The After Effects expression library, in JavaScript, that every expression of a Lottie file
/// runs against: the operators bodymovin rewrites `+ - * /` into (`$bm_sum`…), vector math,
/// interpolation, looping, wiggle and random, and the objects (`thisComp`, `thisLayer`,
/// `thisProperty`, `transform`, `effect(…)`) an expression reads other values through.
///
/// The semantics are After Effects' own ("Expression language reference", Adobe's After
/// Effects user guide), as lottie-web (the player bodymovin ships) implements them; where
/// lottie-web departs from After Effects by accident (its `wiggle` ignores the frequency, its
/// `random` is seeded from the clock), splashvid follows After Effects, deterministically:
/// the same file gives the same frames every time.
///
/// Values a script reads come from Swift (`__keyframeValue`), which interpolates keyframes as
/// the rest of the compiler does: there is one implementation of easing, not two.
enum LottieExpressionLibrary {
  static let source = #"""
    var __frameRate = 30;
    var __properties = [];
    var __composition = null;
    // Values are cached for one evaluation only: one that broke a cycle of expressions
    // reading each other holds only for the evaluation that met the cycle.
    var __generation = 0;
    // How many times an expression met a cycle (read a value being computed).
    var __cyclesMet = 0;
    // Values kept by frame, in all properties.
    var __keptInAll = 0;

    // MARK: Values and operators

    function __isNumber(v) { var t = typeof v; return t === 'number' || t === 'boolean' || v instanceof Number; }
    function __isArray(v) { return v instanceof Array; }
    function $bm_isInstanceOfArray(v) { return v instanceof Array; }
    function __plain(v) {
      if (v instanceof Number || v instanceof Boolean) return v.valueOf();
      if (v instanceof Array) { var out = []; for (var i = 0; i < v.length; i++) out.push(__plain(v[i])); return out; }
      return v;
    }
    function __elementwise(a, b, op) {
      var out = [], n = Math.max(a.length, b.length);
      for (var i = 0; i < n; i++) {
        if (i >= a.length) out.push(b[i]); else if (i >= b.length) out.push(a[i]); else out.push(op(+a[i], +b[i]));
      }
      return out;
    }
    // After Effects adds a number to an array's first element, and arrays element by element.
    function sum(a, b) {
      if (typeof a === 'string' || typeof b === 'string') return a + b;
      if (__isNumber(a) && __isNumber(b)) return +a + +b;
      if (__isArray(a) && __isNumber(b)) { a = a.slice(0); a[0] = +a[0] + +b; return a; }
      if (__isNumber(a) && __isArray(b)) { b = b.slice(0); b[0] = +a + +b[0]; return b; }
      if (__isArray(a) && __isArray(b)) return __elementwise(a, b, function (x, y) { return x + y; });
      return 0;
    }
    function sub(a, b) {
      if (__isNumber(a) && __isNumber(b)) return +a - +b;
      if (typeof a === 'string' || typeof b === 'string') return parseFloat(a) - parseFloat(b);
      if (__isArray(a) && __isNumber(b)) { a = a.slice(0); a[0] = +a[0] - +b; return a; }
      if (__isNumber(a) && __isArray(b)) { b = b.slice(0); b[0] = +a - +b[0]; return b; }
      if (__isArray(a) && __isArray(b)) return __elementwise(a, b, function (x, y) { return x - y; });
      return 0;
    }
    function mul(a, b) {
      if (__isNumber(a) && __isNumber(b)) return +a * +b;
      if (__isArray(a) && __isNumber(b)) return a.map(function (x) { return x * b; });
      if (__isNumber(a) && __isArray(b)) return b.map(function (x) { return a * x; });
      return 0;
    }
    function div(a, b) {
      if (__isNumber(a) && __isNumber(b)) return +a / +b;
      if (__isArray(a) && __isNumber(b)) return a.map(function (x) { return x / b; });
      if (__isNumber(a) && __isArray(b)) return b.map(function (x) { return a / x; });
      return 0;
    }
    function mod(a, b) { return +a % +b; }
    function $bm_neg(a) { return __isArray(a) ? a.map(function (x) { return -x; }) : -a; }
    var add = sum, $bm_sum = sum, $bm_sub = sub, $bm_mul = mul, $bm_div = div, $bm_mod = mod;

    function clamp(value, limit1, limit2) {
      var low = Math.min(limit1, limit2), high = Math.max(limit1, limit2);
      if (__isArray(value)) return value.map(function (x) { return Math.min(Math.max(x, low), high); });
      return Math.min(Math.max(value, low), high);
    }
    function dot(a, b) { var s = 0; for (var i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i]; return s; }
    function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
    function length(a, b) {
      if (__isNumber(a)) return Math.abs(a - (b === undefined ? 0 : b));
      var s = 0;
      for (var i = 0; i < a.length; i++) { var d = a[i] - (b === undefined ? 0 : b[i] || 0); s += d * d; }
      return Math.sqrt(s);
    }
    function normalize(a) { return div(a, length(a)); }
    function degreesToRadians(d) { return d * Math.PI / 180; }
    function radiansToDegrees(r) { return r * 180 / Math.PI; }
    var degrees_to_radians = degreesToRadians, radians_to_degrees = radiansToDegrees;
    function lookAt(from, to) {
      var v = [to[0] - from[0], to[1] - from[1], (to[2] || 0) - (from[2] || 0)];
      return [radiansToDegrees(-Math.atan2(v[1], v[2])), radiansToDegrees(Math.atan2(v[0], Math.sqrt(v[1] * v[1] + v[2] * v[2]))), 0];
    }
    function rgbToHsl(c) {
      var r = c[0], g = c[1], b = c[2], high = Math.max(r, g, b), low = Math.min(r, g, b), h = 0, s = 0, l = (high + low) / 2;
      if (high !== low) {
        var d = high - low;
        s = l > 0.5 ? d / (2 - high - low) : d / (high + low);
        if (high === r) h = (g - b) / d + (g < b ? 6 : 0); else if (high === g) h = (b - r) / d + 2; else h = (r - g) / d + 4;
        h /= 6;
      }
      return [h, s, l, c[3] === undefined ? 1 : c[3]];
    }
    function hslToRgb(c) {
      var h = c[0], s = c[1], l = c[2];
      function channel(p, q, t) {
        if (t < 0) t += 1; if (t > 1) t -= 1;
        if (t < 1 / 6) return p + (q - p) * 6 * t;
        if (t < 1 / 2) return q;
        if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
        return p;
      }
      if (s === 0) return [l, l, l, c[3] === undefined ? 1 : c[3]];
      var q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
      return [channel(p, q, h + 1 / 3), channel(p, q, h), channel(p, q, h - 1 / 3), c[3] === undefined ? 1 : c[3]];
    }

    // MARK: Interpolation

    // A cubic Bézier easing from (0, 0) to (1, 1), solved for x by bisection.
    function __bezier(x1, y1, x2, y2) {
      function at(t, a, b) { return ((1 - 3 * b + 3 * a) * t + (3 * b - 6 * a)) * t * t + 3 * a * t; }
      return function (x) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        var low = 0, high = 1, t = x;
        for (var i = 0; i < 40; i++) { var value = at(t, x1, x2); if (value < x) low = t; else high = t; t = (low + high) / 2; }
        return at(t, y1, y2);
      };
    }
    // After Effects' own ease curves for ease(), easeIn() and easeOut().
    var __easeInOut = __bezier(0.33, 0, 0.667, 1), __easeIn = __bezier(0.333, 0, 0.833, 0.833), __easeOut = __bezier(0.167, 0.167, 0.667, 1);
    function __interpolate(curve, t, tMin, tMax, value1, value2) {
      if (value1 === undefined || value2 === undefined) { value1 = tMin; value2 = tMax; tMin = 0; tMax = 1; }
      if (tMax < tMin) { var swap = tMin; tMin = tMax; tMax = swap; var swapValue = value1; value1 = value2; value2 = swapValue; }
      var progress = tMax === tMin ? (t >= tMax ? 1 : 0) : Math.min(Math.max((t - tMin) / (tMax - tMin), 0), 1);
      var eased = curve(progress);
      if (__isArray(value1)) return value1.map(function (x, i) { return x + ((value2[i] === undefined ? x : value2[i]) - x) * eased; });
      return +value1 + (value2 - value1) * eased;
    }
    function linear(t, tMin, tMax, value1, value2) { return __interpolate(function (x) { return x; }, t, tMin, tMax, value1, value2); }
    function ease(t, tMin, tMax, value1, value2) { return __interpolate(__easeInOut, t, tMin, tMax, value1, value2); }
    function easeIn(t, tMin, tMax, value1, value2) { return __interpolate(__easeIn, t, tMin, tMax, value1, value2); }
    function easeOut(t, tMin, tMax, value1, value2) { return __interpolate(__easeOut, t, tMin, tMax, value1, value2); }

    // MARK: Random and noise, the same every run

    if (!Math.imul) {
      Math.imul = function (a, b) {
        var high = ((a >>> 16) & 0xffff) * (b & 0xffff) + (a & 0xffff) * ((b >>> 16) & 0xffff);
        return ((a & 0xffff) * (b & 0xffff) + ((high << 16) >>> 0)) | 0;
      };
    }
    function __hash(a, b, c) {
      var h = 2166136261;
      var parts = [a | 0, b | 0, c | 0, Math.floor((a - Math.floor(a)) * 1e6), Math.floor((b - Math.floor(b)) * 1e6)];
      for (var i = 0; i < parts.length; i++) { h ^= parts[i] & 0xffffffff; h = Math.imul(h, 16777619); }
      return h >>> 0;
    }
    function __generator(seed) {
      var state = seed >>> 0;
      return function () {
        state = (state + 0x6d2b79f5) >>> 0;
        var t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    }
    // The generator random(), Math.random() and wiggle draw from: the evaluation's, seeded by
    // the property and the frame (or by seedRandom).
    var __random = __generator(1);
    Math.random = function () { return __random(); };
    // Smooth noise in -1…1: random values at whole numbers, eased between.
    function __noise1(seed, x) {
      var i = Math.floor(x), f = x - i, u = f * f * (3 - 2 * f);
      var a = __generator(__hash(seed, i, 7))() * 2 - 1, b = __generator(__hash(seed, i + 1, 7))() * 2 - 1;
      return a + (b - a) * u;
    }

    // MARK: Composition, layers and properties

    function __Property(id, description) {
      this.id = id;
      this.keys = description.keys;
      this.scalar = description.scalar;
      this.closed = description.closed;
      this.layer = null;
      this.evaluate = null;
      this.busy = false;
      this.cacheFrame = NaN;
      this.cacheGeneration = -1;
      this.cacheValue = undefined;
    }
    // The keyframed value at `frame`, before any expression.
    __Property.prototype.raw = function (frame) {
      var values = __keyframeValue(this.id, frame);
      return this.scalar ? values[0] : values;
    };
    // The value at `frame` with its expression; an expression that reads itself (directly or
    // through others) reads the keyframed value, as a cycle has no other answer.
    //
    // A value computed without meeting a cycle is the same whoever asks, so it is kept by frame
    // (a controller's path that a dozen layers follow is computed once a frame); one that met
    // a cycle holds for the evaluation that met it only.
    __Property.prototype.at = function (frame) {
      if (!this.evaluate || this.busy) {
        if (this.busy) __cyclesMet += 1;
        return this.raw(frame);
      }
      var kept = this.kept && this.kept[frame];
      if (kept !== undefined) return __copy(kept);
      if (frame === this.cacheFrame && this.cacheGeneration === __generation) return __copy(this.cacheValue);
      var cyclesBefore = __cyclesMet;
      this.busy = true;
      try { var value = __plain(this.evaluate(frame)); } finally { this.busy = false; }
      if (__cyclesMet === cyclesBefore && __composition.reading > 0) {
        // Kept only for other expressions (the baker asks for each frame once), and 50 000
        // values at most in all, so the caches never crowd out the expressions' own memory.
        if (__keptInAll >= 50000) {
          __properties.forEach(function (other) { other.kept = null; });
          __keptInAll = 0;
        }
        if (!this.kept) this.kept = {};
        this.kept[frame] = value;
        __keptInAll += 1;
      }
      this.cacheFrame = frame;
      this.cacheGeneration = __generation;
      this.cacheValue = value;
      return __copy(value);
    };
    // The value another expression reads: where this one fails, its keyframes, which is
    // what is drawn for it (the failure is warned where it is run for itself).
    __Property.prototype.steady = function (frame) {
      __composition.reading += 1;
      try { return this.at(frame); } catch (error) { return this.raw(frame); } finally { __composition.reading -= 1; }
    };
    // A path property's points and tangents, as thisProperty.points() reads them.
    // Within its own expression a path reads its keyframed value, as `value` does: not a
    // cycle, so what it computes can be kept.
    ['points', 'inTangents', 'outTangents', 'pointOnPath', 'tangentOnPath', 'normalOnPath'].forEach(function (name) {
      __Property.prototype[name] = function (fraction) {
        if (this.busy) return __measuredPath(this.raw(__composition.frame), !!this.closed)[name](fraction);
        return __pathRead(this, !!this.closed)[name](fraction);
      };
    });
    __Property.prototype.isClosed = function () { return !!this.closed; };
    // propertyGroup(n): the group n levels up (an effect's values, a transform, the layer).
    __Property.prototype.propertyGroup = function (n) {
      var groups = this.groups || [this.layer];
      return groups[Math.max(1, Math.min(n || 1, groups.length)) - 1];
    };
    __Property.prototype.key = function (n) {
      if (n < 1 || n > this.keys.length) throw new Error('key(' + n + '): the property has ' + this.keys.length + ' keyframes');
      var key = this.keys[n - 1], value = this.scalar ? key.s[0] : key.s.slice(0);
      var result = { time: key.t / __frameRate, value: value, index: n };
      if (!this.scalar) for (var i = 0; i < value.length; i++) result[i] = value[i];
      return result;
    };
    __Property.prototype.nearestKey = function (seconds) {
      if (this.keys.length === 0) return { index: 0, time: 0 };
      var frame = seconds * __frameRate, best = 0;
      for (var i = 1; i < this.keys.length; i++) if (Math.abs(this.keys[i].t - frame) < Math.abs(this.keys[best].t - frame)) best = i;
      return this.key(best + 1);
    };
    // loopOut and loopIn, in the frames of the composition:
    //
    //   keys     k1 ────── k2 ────── k3
    //   loopOut           first ───── last │ cycle │ cycle │ …   (first = key count − n keys back)
    //   loopIn   … │ cycle │ first ───── last                     (last = n keys on)
    //
    // "cycle" repeats, "pingpong" runs every other repeat backwards, "offset" adds the change
    // of a repeat each time, "continue" goes on at the last keyframe's speed.
    __Property.prototype.loop = function (frame, outward, type, amount, byDuration) {
      var keys = this.keys, count = keys.length;
      type = type ? String(type).toLowerCase() : 'cycle';
      if (count < 2) return this.raw(frame);
      var first, last;
      if (outward) {
        last = keys[count - 1].t;
        if (frame <= last) return this.raw(frame);
        if (byDuration) first = last - (amount ? amount * __frameRate : last - this.layer.inFrame);
        else first = keys[count - 1 - (!amount || amount > count - 1 ? count - 1 : amount)].t;
      } else {
        first = keys[0].t;
        if (frame >= first) return this.raw(frame);
        if (byDuration) last = first + (amount ? amount * __frameRate : this.layer.outFrame - first);
        else last = keys[!amount || amount > count - 1 ? count - 1 : amount].t;
      }
      var cycle = last - first;
      if (!(cycle > 0)) return this.raw(frame);
      if (type === 'continue') {
        var edge = outward ? last : first, step = outward ? -0.001 : 0.001;
        var speed = div(sub(this.raw(edge), this.raw(edge + step)), -step);
        return sum(this.raw(edge), mul(speed, frame - edge));
      }
      var elapsed = outward ? frame - first : first - frame;
      var repeat = Math.floor(elapsed / cycle), phase = elapsed - repeat * cycle;
      var forward = outward ? first + phase : last - phase, backward = outward ? last - phase : first + phase;
      if (type === 'pingpong') return this.raw((outward ? repeat % 2 === 1 : repeat % 2 === 0) ? backward : forward);
      if (type === 'offset') {
        var change = sub(this.raw(last), this.raw(first));
        return outward ? sum(this.raw(forward), mul(change, repeat)) : sub(this.raw(forward), mul(change, repeat + 1));
      }
      return this.raw(forward);
    };
    // The speed of the keyframed value, per second (as lottie-web measures it: an expression
    // asking for its own velocity must not run itself again).
    __Property.prototype.velocityAt = function (frame) {
      var h = 0.001 * __frameRate;
      return div(sub(this.raw(frame), this.raw(frame - h)), 0.001);
    };
    // thisProperty, as an expression reads itself.
    __Property.prototype.valueAtTime = function (seconds) { return this.raw(seconds * __frameRate); };
    __Property.prototype.velocityAtTime = function (seconds) { return this.velocityAt(seconds * __frameRate); };
    __Property.prototype.loopOut = function (type, keys) { return this.loop(__composition.frame, true, type, keys, false); };
    __Property.prototype.loopIn = function (type, keys) { return this.loop(__composition.frame, false, type, keys, false); };
    __Property.prototype.loopOutDuration = function (type, seconds) { return this.loop(__composition.frame, true, type, seconds, true); };
    __Property.prototype.loopInDuration = function (type, seconds) { return this.loop(__composition.frame, false, type, seconds, true); };
    Object.defineProperty(__Property.prototype, 'value', { get: function () { return this.raw(__composition.frame); } });
    Object.defineProperty(__Property.prototype, 'numKeys', { get: function () { return this.keys.length; } });
    function __copy(v) { return __isArray(v) ? v.slice(0) : v; }

    // A property as another expression reads it: its value, which also answers
    // valueAtTime(), velocity, key() and numKeys, as After Effects' Property object does.
    function __read(property) {
      if (!property) return undefined;
      var value = property.steady(__composition.frame);
      var read = __isArray(value) ? value : new Number(value);
      // One hidden link per read; the methods live on the prototypes below, as reads are the
      // commonest thing an expression does.
      Object.defineProperty(read, '__property', { value: property });
      return read;
    }
    // What a read value answers besides its value, as After Effects' Property objects do.
    [Array.prototype, Number.prototype].forEach(function (prototype) {
      function define(name, body) { Object.defineProperty(prototype, name, { value: body, configurable: true, writable: true }); }
      function getter(name, body) { Object.defineProperty(prototype, name, { get: body, configurable: true }); }
      define('valueAtTime', function (seconds) { return this.__property ? this.__property.steady(seconds * __frameRate) : undefined; });
      define('velocityAtTime', function (seconds) { return this.__property ? this.__property.velocityAt(seconds * __frameRate) : undefined; });
      define('key', function (n) { return this.__property ? this.__property.key(n) : undefined; });
      define('nearestKey', function (seconds) { return this.__property ? this.__property.nearestKey(seconds) : undefined; });
      define('propertyGroup', function (n) { return this.__property ? this.__property.propertyGroup(n) : undefined; });
      getter('value', function () { return this.__property ? __plain(this) : undefined; });
      getter('velocity', function () { return this.__property ? this.__property.velocityAt(__composition.frame) : undefined; });
      getter('speed', function () { return this.__property ? length(this.__property.velocityAt(__composition.frame)) : undefined; });
      getter('numKeys', function () { return this.__property ? this.__property.keys.length : undefined; });
    });

    function __Layer(composition, description) {
      this.__composition = composition;
      this.__description = description;
      var rate = __frameRate;
      this.index = description.index;
      // A layer is a function (`thisComp.layer("Shape")("ADBE Root Vectors Group")`), whose
      // own name cannot be assigned.
      Object.defineProperty(this, 'name', { value: description.name, configurable: true });
      this.inFrame = description.inPoint;
      this.outFrame = description.outPoint;
      this.inPoint = description.inPoint / rate;
      this.outPoint = description.outPoint / rate;
      this.startTime = description.startTime / rate;
      this.width = description.width;
      this.height = description.height;
      this.hasParent = description.parent !== null;
      this.enabled = true;
      this.active = true;
      var transform = description.transform, self = this;
      function property(name) { return transform[name] === null || transform[name] === undefined ? null : __properties[transform[name]]; }
      this.transform = {};
      var names = ['anchorPoint', 'scale', 'rotation', 'opacity', 'xPosition', 'yPosition'];
      names.forEach(function (name) {
        Object.defineProperty(self.transform, name, { get: function () { return __read(property(name)); } });
      });
      Object.defineProperty(this.transform, 'position', {
        get: function () {
          if (property('position')) return __read(property('position'));
          var x = property('xPosition'), y = property('yPosition');
          if (!x || !y) return undefined;
          return [x.at(__composition.frame), y.at(__composition.frame)];
        }
      });
      Object.defineProperty(this.transform, 'zRotation', { get: function () { return self.transform.rotation; } });
      ['anchorPoint', 'position', 'scale', 'rotation', 'opacity'].forEach(function (name) {
        Object.defineProperty(self, name, { get: function () { return self.transform[name]; } });
      });
      Object.defineProperty(this, 'parent', {
        get: function () { return description.parent === null ? undefined : composition.layer(description.parent); }
      });
    }
    // effect(name or index)(parameter name or index), as `thisComp.layer("Controls").effect("Slider Control")("Slider")`.
    __Layer.prototype.effect = function (which) {
      var effects = this.__description.effects, chosen = null, composition = this.__composition;
      for (var i = 0; i < effects.length && !chosen; i++) if (effects[i].name === which || effects[i].matchName === which) chosen = effects[i];
      if (!chosen && typeof which === 'number') chosen = effects[which - 1] || null;
      if (!chosen) throw new Error('effect(' + JSON.stringify(which) + '): the layer "' + this.name + '" has no such effect');
      // Made once per effect: controller expressions ask for it every evaluation.
      if (chosen.__parameter) return chosen.__parameter;
      var parameter = function (name) {
        var found = null;
        for (var j = 0; j < chosen.parameters.length && !found; j++) {
          var candidate = chosen.parameters[j];
          if (candidate.name === name || candidate.matchName === name) found = candidate;
        }
        if (!found && typeof name === 'number') found = chosen.parameters[name - 1] || null;
        if (!found || found.property === null) throw new Error('effect(' + JSON.stringify(which) + ')(' + JSON.stringify(name) + '): no such value');
        // A layer control's value is a layer's index: it reads as the layer.
        if (found.type === 10) return composition.layer(+__properties[found.property].steady(composition.frame));
        return __read(__properties[found.property]);
      };
      parameter.param = parameter;
      try { Object.defineProperty(parameter, 'name', { value: chosen.name, configurable: true }); } catch (ignored) {}
      parameter.active = true;
      chosen.__parameter = parameter;
      return parameter;
    };
    // A layer called with a group's name: its contents, its transform or its effects.
    __Layer.prototype.__group = function (which) {
      if (which === 'ADBE Root Vectors Group' || which === 'Contents') return __contentGroup(this.__description.contents);
      if (which === 'ADBE Transform Group' || which === 'Transform') return this.transform;
      if (which === 'ADBE Effect Parade' || which === 'Effects') { var self = this; return function (n) { return self.effect(n); }; }
      throw new Error('layer(' + JSON.stringify(which) + '): not a group splashvid reads');
    };
    __Layer.prototype.content = function (which) { return __contentGroup(this.__description.contents)(which); };
    // The layer's placement in the composition as [a, b, c, d, e, f] (x' = a x + c y + e,
    // y' = b x + d y + f): its anchor, scale, rotation and position, then its parents'.
    __Layer.prototype.__matrix = function () {
      var matrix = [1, 0, 0, 1, 0, 0], layer = this;
      for (var depth = 0; layer && depth < 100; depth++) {
        var t = layer.transform;
        var anchor = __plain(t.anchorPoint) || [0, 0], scale = __plain(t.scale) || [100, 100], position = __plain(t.position) || [0, 0];
        var turn = (t.rotation === undefined ? 0 : +t.rotation) * Math.PI / 180, cos = Math.cos(turn), sin = Math.sin(turn);
        var sx = scale[0] / 100, sy = (scale[1] === undefined ? scale[0] : scale[1]) / 100;
        // This layer's own: translate(position) · rotate · scale · translate(−anchor).
        var own = [cos * sx, sin * sx, -sin * sy, cos * sy, 0, 0];
        own[4] = position[0] - (own[0] * anchor[0] + own[2] * (anchor[1] || 0));
        own[5] = (position[1] || 0) - (own[1] * anchor[0] + own[3] * (anchor[1] || 0));
        matrix = [
          own[0] * matrix[0] + own[2] * matrix[1], own[1] * matrix[0] + own[3] * matrix[1],
          own[0] * matrix[2] + own[2] * matrix[3], own[1] * matrix[2] + own[3] * matrix[3],
          own[0] * matrix[4] + own[2] * matrix[5] + own[4], own[1] * matrix[4] + own[3] * matrix[5] + own[5]
        ];
        layer = layer.hasParent ? layer.parent : null;
      }
      return matrix;
    };
    // toComp(point): a point of the layer's space in the composition's (flat, as 2D layers are).
    __Layer.prototype.toComp = function (point) {
      var m = this.__matrix(), x = +point[0], y = +point[1];
      var p = [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
      return point.length > 2 ? p.concat([point[2]]) : p;
    };
    // fromComp(point): a point of the composition in the layer's space.
    __Layer.prototype.fromComp = function (point) {
      var m = this.__matrix(), determinant = m[0] * m[3] - m[1] * m[2];
      if (determinant === 0) return [0, 0];
      var x = +point[0] - m[4], y = +point[1] - m[5];
      var p = [(m[3] * x - m[2] * y) / determinant, (-m[1] * x + m[0] * y) / determinant];
      return point.length > 2 ? p.concat([point[2]]) : p;
    };
    __Layer.prototype.toWorld = __Layer.prototype.toComp;
    __Layer.prototype.fromWorld = __Layer.prototype.fromComp;

    // createPath(points, inTangents, outTangents, closed): a path an expression builds, as the
    // numbers a path property's value is.
    function createPath(points, inTangents, outTangents, closed) {
      var numbers = [];
      for (var i = 0; i < points.length; i++) {
        var into = (inTangents && inTangents[i]) || [0, 0], out = (outTangents && outTangents[i]) || [0, 0];
        numbers.push(+points[i][0], +points[i][1], +into[0], +into[1], +out[0], +out[1]);
      }
      return { __path: true, numbers: numbers, closed: closed === undefined ? true : !!closed };
    }

    // MARK: Shape contents

    // A group of shape items, called with an item's name, match name or place (from 1).
    function __contentGroup(items) {
      if (items.__group) return items.__group;
      var listed = items.filter(function (item) { return item.type !== 'tr'; });
      var group = function (which) {
        for (var i = 0; i < listed.length; i++) if (listed[i].name === which || listed[i].matchName === which) return __contentItem(listed[i]);
        if (typeof which === 'number' && listed[which - 1]) return __contentItem(listed[which - 1]);
        throw new Error('content(' + JSON.stringify(which) + '): no such shape item');
      };
      group.content = group;
      group.numProperties = listed.length;
      items.__group = group;
      return group;
    }
    // The values of a shape group's transform by their match names.
    var __valueMatchNames = {
      'ADBE Vector Anchor': 'anchorPoint', 'ADBE Vector Position': 'position', 'ADBE Vector Scale': 'scale',
      'ADBE Vector Rotation': 'rotation', 'ADBE Vector Group Opacity': 'opacity', 'ADBE Vector Skew': 'skew',
      'ADBE Vector Skew Axis': 'skewAxis'
    };
    // One shape item: its values by After Effects' names (`size`, `path`, `strokeWidth`…); a
    // group's items (`content(…)`) and transform.
    function __contentItem(item) {
      // Made once per item: expressions that trace a path reach it every evaluation.
      if (item.__entry) return item.__entry;
      function value(name) {
        var id = item.values[name];
        if (id === undefined) throw new Error('"' + item.name + '" has no ' + name);
        return item.closed[name] !== undefined ? __pathRead(__properties[id], item.closed[name]) : __read(__properties[id]);
      }
      var contents = item.items ? __contentGroup(item.items) : null;
      var transform = null;
      if (item.items) item.items.forEach(function (child) { if (child.type === 'tr') transform = __contentItem(child); });
      var entry = function (which) {
        if (which === 'ADBE Vectors Group' || which === 'Contents') return contents;
        if (which === 'ADBE Vector Transform Group' || which === 'Transform') return transform;
        if (which === 'ADBE Vector Shape' || which === 'Path') return value('path');
        // A value by its match name or the name After Effects shows ('Anchor Point' is
        // `anchorPoint`), as a transform linked to another's reads it.
        var named = __valueMatchNames[which] || (typeof which === 'string' ?
          which.charAt(0).toLowerCase() + which.slice(1).replace(/ (\w)/g, function (space, letter) { return letter.toUpperCase(); }) : null);
        if (named && item.values[named] !== undefined) return value(named);
        if (contents) return contents(which);
        throw new Error('"' + item.name + '"(' + JSON.stringify(which) + '): no such value');
      };
      Object.keys(item.values).forEach(function (name) { Object.defineProperty(entry, name, { get: function () { return value(name); } }); });
      if (contents) entry.content = contents;
      if (transform) entry.transform = transform;
      try { Object.defineProperty(entry, 'name', { value: item.name, configurable: true }); } catch (ignored) {}
      item.__entry = entry;
      return entry;
    }
    // A shape path as expressions read it, in its layer's space: its points, and points and
    // tangents along it by length (`pointOnPath(0.5)` is halfway along).
    function __pathRead(property, closed) {
      var numbers = property.steady(__composition.frame);
      if (numbers && numbers.__path) numbers = numbers.numbers;
      // Measured once for the same numbers: a dozen layers tracing one path read it each frame.
      var cached = property.__pathCache;
      if (cached && cached.closed === closed && cached.numbers.length === numbers.length &&
        cached.numbers.every(function (x, i) { return x === numbers[i]; })) return cached.read;
      var read = __measuredPath(numbers, closed);
      property.__pathCache = { closed: closed, numbers: numbers.slice(0), read: read };
      return read;
    }
    // The reader of one path's numbers. A function of its own: Duktape's closures keep their
    // whole scope, and a scope holding the previous cache would chain every path ever read.
    function __measuredPath(numbers, closed) {
      var count = Math.floor(numbers.length / 6);
      function pair(i, offset) { return [numbers[6 * i + offset], numbers[6 * i + offset + 1]]; }
      var segments = [];
      for (var i = 0; i < (closed ? count : count - 1); i++) {
        var j = (i + 1) % count, from = pair(i, 0), out = pair(i, 4), into = pair(j, 2), to = pair(j, 0);
        segments.push([from, [from[0] + out[0], from[1] + out[1]], [to[0] + into[0], to[1] + into[1]], to]);
      }
      function at(c, t) {
        var u = 1 - t, a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t;
        return [a * c[0][0] + b * c[1][0] + d * c[2][0] + e * c[3][0], a * c[0][1] + b * c[1][1] + d * c[2][1] + e * c[3][1]];
      }
      // Each segment measured in 32 steps.
      var table = [], total = 0;
      segments.forEach(function (c, index) {
        var previous = c[0];
        for (var step = 1; step <= 32; step++) {
          var point = at(c, step / 32);
          total += length(point, previous);
          table.push({ segment: index, t: step / 32, length: total });
          previous = point;
        }
      });
      function locate(fraction) {
        var target = Math.max(0, Math.min(1, fraction === undefined ? 0.5 : +fraction)) * total, before = { segment: 0, t: 0, length: 0 };
        for (var k = 0; k < table.length; k++) {
          var entry = table[k];
          if (entry.length >= target) {
            var start = entry.segment === before.segment ? before : { segment: entry.segment, t: 0, length: before.length };
            // Within the step the curve is all but straight: halve to the point whose chord
            // from the step's start is the length still to go.
            var c = segments[entry.segment], origin = at(c, start.t), low = start.t, high = entry.t, still = target - start.length;
            for (var halving = 0; halving < 30; halving++) {
              var middle = (low + high) / 2;
              if (length(at(c, middle), origin) < still) low = middle; else high = middle;
            }
            return { segment: entry.segment, t: (low + high) / 2 };
          }
          before = entry;
        }
        return { segment: segments.length - 1, t: 1 };
      }
      function tangent(fraction) {
        if (!segments.length) return [1, 0];
        var place = locate(fraction), c = segments[place.segment], h = place.t < 0.999 ? 0.001 : -0.001;
        var a = at(c, place.t), b = at(c, place.t + h), d = h > 0 ? [b[0] - a[0], b[1] - a[1]] : [a[0] - b[0], a[1] - b[1]];
        var size = length(d);
        return size > 0 ? [d[0] / size, d[1] / size] : [1, 0];
      }
      var read = {
        points: function () { var list = []; for (var i = 0; i < count; i++) list.push(pair(i, 0)); return list; },
        inTangents: function () { var list = []; for (var i = 0; i < count; i++) list.push(pair(i, 2)); return list; },
        outTangents: function () { var list = []; for (var i = 0; i < count; i++) list.push(pair(i, 4)); return list; },
        isClosed: function () { return closed; },
        pointOnPath: function (fraction) { if (!segments.length) return count ? pair(0, 0) : [0, 0]; var place = locate(fraction); return at(segments[place.segment], place.t); },
        tangentOnPath: tangent,
        normalOnPath: function (fraction) { var t = tangent(fraction); return [-t[1], t[0]]; }
      };
      read.value = numbers;
      // The read is a path value too: `content('Shape 1').content('Path 1').path`, the commonest
      // way to link one path to another, gives it back as the expression's value.
      read.__path = true;
      read.numbers = numbers;
      read.closed = closed;
      return read;
    }
    __Layer.prototype.sourceRectAtTime = function () { throw new Error('sourceRectAtTime is not run by splashvid'); };

    // A layer: a function of a group's name (as After Effects' layers are), with __Layer's
    // values and methods.
    function __makeLayer(composition, description) {
      var layer = function (which) { return layer.__group(which); };
      for (var key in __Layer.prototype) layer[key] = __Layer.prototype[key];
      __Layer.call(layer, composition, description);
      return layer;
    }

    function __Composition(description) {
      this.name = description.name;
      this.width = description.width;
      this.height = description.height;
      this.frameDuration = 1 / __frameRate;
      this.duration = (description.outPoint - description.inPoint) / __frameRate;
      this.displayStartTime = description.inPoint / __frameRate;
      this.frame = 0;
      // Reads of one expression's value by another in progress.
      this.reading = 0;
      var self = this;
      this.__layers = description.layers.map(function (layer) { return __makeLayer(self, layer); });
      this.numLayers = this.__layers.length;
    }
    // layer(name), or layer(index): the layer's `ind`, else its place from the top.
    __Composition.prototype.layer = function (which) {
      var layers = this.__layers, i;
      for (i = 0; i < layers.length; i++) if (layers[i].name === which) return layers[i];
      if (typeof which === 'number') {
        for (i = 0; i < layers.length; i++) if (layers[i].index === which) return layers[i];
        if (layers[which - 1]) return layers[which - 1];
      }
      throw new Error('thisComp.layer(' + JSON.stringify(which) + '): no such layer in "' + this.name + '"');
    };

    // MARK: Expressions

    // Compiles `source` in a scope of its own holding what After Effects defines for an
    // expression of `property` (time, value, thisLayer…); returns its evaluation at a frame.
    function __compile(property, source) {
      var thisProperty = property, thisLayer = property.layer, thisComp = thisLayer.__composition;
      var time = 0, value, velocity, __frame = 0;
      var transform = thisLayer.transform, index = thisLayer.index, name = thisLayer.name;
      var inPoint = thisLayer.inPoint, outPoint = thisLayer.outPoint, startTime = thisLayer.startTime;
      var width = thisLayer.width, height = thisLayer.height, hasParent = thisLayer.hasParent;
      var numKeys = property.keys.length, active = true, enabled = true;
      var anchorPoint, position, scale, rotation, opacity, parent;
      var reads = {
        anchorPoint: /\banchorPoint\b/.test(source), position: /\bposition\b/.test(source), scale: /\bscale\b/.test(source),
        rotation: /\brotation\b/.test(source), opacity: /\bopacity\b/.test(source), parent: /\bparent\b/.test(source),
        velocity: /\bvelocity\b/.test(source), random: /random|Random|wiggle/.test(source)
      };
      function effect(which) { return thisLayer.effect(which); }
      function toComp(point) { return thisLayer.toComp(point); }
      function fromComp(point) { return thisLayer.fromComp(point); }
      var toWorld = toComp, fromWorld = fromComp, fromCompToSurface = fromComp;
      function content(which) { return thisLayer.content(which); }
      function comp(which) { if (which === thisComp.name) return thisComp; throw new Error('comp(' + JSON.stringify(which) + '): only thisComp is readable'); }
      function valueAtTime(seconds) { return property.raw(seconds * __frameRate); }
      function velocityAtTime(seconds) { return property.velocityAt(seconds * __frameRate); }
      function speedAtTime(seconds) { return length(velocityAtTime(seconds)); }
      function key(n) { return property.key(n); }
      function nearestKey(seconds) { return property.nearestKey(seconds); }
      function loopOut(type, keys) { return property.loop(__frame, true, type, keys, false); }
      function loopIn(type, keys) { return property.loop(__frame, false, type, keys, false); }
      function loopOutDuration(type, seconds) { return property.loop(__frame, true, type, seconds, true); }
      function loopInDuration(type, seconds) { return property.loop(__frame, false, type, seconds, true); }
      var loop_out = loopOut, loop_in = loopIn;
      function framesToTime(frames, rate) { return frames / (rate || __frameRate); }
      function timeToFrames(seconds, rate) { return (seconds === undefined ? time : seconds) * (rate || __frameRate); }
      function posterizeTime(rate) { time = rate ? Math.floor(time * rate) / rate : 0; value = valueAtTime(time); }
      function seedRandom(seed, timeless) { __random = __generator(__hash(property.id, seed, timeless ? -1 : Math.floor(time * __frameRate))); }
      function random(a, b) {
        if (a === undefined) return __random();
        if (b === undefined) { b = a; a = __isArray(b) ? b.map(function () { return 0; }) : 0; }
        if (__isArray(b)) return b.map(function (high, i) { return a[i] + __random() * (high - a[i]); });
        return a + __random() * (b - a);
      }
      function gaussRandom(a, b) {
        var u = Math.max(__random(), 1e-12), v = __random();
        var g = Math.max(-1, Math.min(1, Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) / 3)) * 0.5 + 0.5;
        if (a === undefined) return g;
        if (b === undefined) { b = a; a = 0; }
        return __isArray(b) ? b.map(function (high, i) { return (a[i] || 0) + g * (high - (a[i] || 0)); }) : a + g * (b - a);
      }
      // wiggle(freq, amp, octaves, amp_mult, t): the value plus smooth noise, `freq` wiggles
      // a second, `amp` at most, each octave twice as fast and `amp_mult` as strong.
      function wiggle(frequency, amplitude, octaves, amplitudeMultiplier, at) {
        octaves = octaves === undefined ? 1 : Math.max(1, Math.floor(octaves));
        amplitudeMultiplier = amplitudeMultiplier === undefined ? 0.5 : amplitudeMultiplier;
        var t = at === undefined ? time : at, base = at === undefined ? value : valueAtTime(at);
        function offset(dimension) {
          var total = 0, strength = 1, speed = 1, norm = 0;
          for (var o = 0; o < octaves; o++) {
            total += strength * __noise1(__hash(property.id, dimension, o), t * frequency * speed);
            norm += strength; strength *= amplitudeMultiplier; speed *= 2;
          }
          return amplitude * total / Math.max(norm, 1);
        }
        if (__isArray(base)) return base.map(function (x, i) { return x + offset(i); });
        return +base + offset(0);
      }
      // smooth(width, samples): the mean of `samples` values over `width` seconds about now.
      function smooth(width, samples) {
        width = width === undefined ? 0.2 : width;
        samples = samples === undefined ? 5 : Math.floor(samples);
        if (samples <= 1) return value;
        var total = valueAtTime(time - width / 2);
        for (var i = 1; i < samples; i++) total = sum(total, valueAtTime(time - width / 2 + i * width / (samples - 1)));
        return div(total, samples);
      }
      var __body = /\$bm_rt\b/.test(source)
        ? eval('(function () {\n' + source + '\n;return typeof $bm_rt === "undefined" ? undefined : $bm_rt; })')
        : function () { return eval(source); };
      return function (frame) {
        __frame = frame;
        time = frame / __frameRate;
        if (reads.random) __random = __generator(__hash(property.id, 0, frame));
        value = property.raw(frame);
        if (reads.velocity) velocity = property.velocityAt(frame);
        if (reads.anchorPoint) anchorPoint = transform.anchorPoint;
        if (reads.position) position = transform.position;
        if (reads.scale) scale = transform.scale;
        if (reads.rotation) rotation = transform.rotation;
        if (reads.opacity) opacity = transform.opacity;
        if (reads.parent) parent = thisLayer.parent;
        var result = __body();
        if (result === undefined) throw new Error('the expression sets no value ($bm_rt)');
        return result;
      };
    }

    // Sets up composition `description` with its `properties` (by id); returns the compile
    // errors of their expressions, by id.
    function __beginComposition(description, properties) {
      __frameRate = description.frameRate;
      __properties = [];
      __keptInAll = 0;
      __composition = new __Composition(description);
      var errors = {};
      for (var i = 0; i < properties.length; i++) {
        var property = new __Property(i, properties[i]);
        property.layer = __composition.__layers[properties[i].layer];
        __properties.push(property);
      }
      // Each effect value's group is its effect, and each transform value's the transform.
      __composition.__layers.forEach(function (layer) {
        var description = layer.__description;
        description.effects.forEach(function (effect, place) {
          effect.parameters.forEach(function (parameter) {
            if (parameter.property !== null) __properties[parameter.property].groups = [layer.effect(place + 1), layer];
          });
        });
        for (var name in description.transform) {
          var id = description.transform[name];
          if (id !== null && id !== undefined) __properties[id].groups = [layer.transform, layer];
        }
      });
      for (i = 0; i < properties.length; i++) {
        if (typeof properties[i].expression !== 'string') continue;
        try { __properties[i].evaluate = __compile(__properties[i], properties[i].expression); } catch (error) { errors[i] = String(error); }
      }
      return errors;
    }

    // The value of property `id` at composition frame `frame`, as numbers.
    function __evaluate(id, frame) {
      __composition.frame = frame;
      __generation += 1;
      var property = __properties[id];
      var value = property.at(frame);
      if (value && value.__path) return value.numbers;
      if (__isNumber(value)) return [+value];
      if (__isArray(value)) return value.map(function (x) { return +x; });
      throw new Error('the expression gives ' + (value === null ? 'null' : typeof value) + ', not a number or an array of numbers');
    }
    """#
}
