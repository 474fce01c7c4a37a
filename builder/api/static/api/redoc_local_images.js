/* Redoc draws its "API docs by Redocly" credit with a logo fetched from cdn.redoc.ly. The
   site's content security policy takes images from this site only, and the API docs are
   served without any CDN, so that one image would be refused (an error in the console on
   every visit). Loaded before Redoc, this gives such an image a blank picture of its own;
   the credit and its link stay. */
(function () {
  "use strict";
  var CDN = "https://cdn.redoc.ly/";
  var BLANK = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

  function local(value) {
    return String(value).indexOf(CDN) === 0 ? BLANK : value;
  }

  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this instanceof HTMLImageElement && String(name).toLowerCase() === "src") {
      value = local(value);
    }
    return setAttribute.call(this, name, value);
  };

  var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (value) { src.set.call(this, local(value)); }
  });
})();
