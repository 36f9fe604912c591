export const legendClass = 'text-sm font-semibold text-cocoa-800';
export const radioClass = 'h-4 w-4 text-ember-700 focus:ring-ember-700/30';
