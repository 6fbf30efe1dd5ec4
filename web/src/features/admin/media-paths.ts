/** Where the media pages live under the admin area. */
export const MEDIA_LIST_PATH = '/admin/media';
/** A new asset; from a list filtered by type, that type is chosen already. */
export const newMediaPath = (type?: string) => `${MEDIA_LIST_PATH}/new${type ? `?type=${encodeURIComponent(type)}` : ''}`;
export const editMediaPath = (id: string) => `${MEDIA_LIST_PATH}/${encodeURIComponent(id)}`;
